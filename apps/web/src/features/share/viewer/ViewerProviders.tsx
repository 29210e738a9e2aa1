/**
 * Providers of the lean share viewer: antd's theme (light or dark, the app's tokens on <html>).
 * No antd App (the viewers that toast bring their own), query cache, router or session gate:
 * the viewer reads its share itself (useShareDetail).
 */
import { useEffect, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useResolvedTheme } from '../../../stores/themeStore';
import { THEME_CSS_VAR_CLASS } from '../../../app/theme';
import { useAntTheme } from '../../../app/useAntTheme';

export function ViewerProviders({ children }: { children: ReactNode }) {
  const resolved = useResolvedTheme();
  const themeConfig = useAntTheme(resolved);
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = resolved;
    root.style.colorScheme = resolved;
    root.classList.add(THEME_CSS_VAR_CLASS);
  }, [resolved]);
  return (
    <ConfigProvider theme={themeConfig}>
      <div className="atelier-app">{children}</div>
    </ConfigProvider>
  );
}
