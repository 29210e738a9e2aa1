/** Providers every screen needs: antd theme and locale, antd App (toasts), TanStack Query. */
import { useEffect, useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale as AntLocale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../api/queryClient';
import { ErrorToastHost } from '../components/errorToast/ErrorToastHost';
import { changeUiLocale } from '../i18n/i18n';
import { useLocalSettings } from '../stores/localSettings';
import { useResolvedTheme } from '../stores/themeStore';
import { THEME_CSS_VAR_CLASS } from './theme';
import { useAntTheme } from './useAntTheme';

export function AppProviders({ children }: { children: ReactNode }) {
  const resolved = useResolvedTheme();
  const uiLocale = useLocalSettings((s) => s.uiLocale);
  const themeConfig = useAntTheme(resolved);

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = resolved;
    root.style.colorScheme = resolved;
    root.classList.add(THEME_CSS_VAR_CLASS);
  }, [resolved]);

  // antd's own texts (OK, Cancel, pagination…): English is built in, Chinese loads with ours
  const [antLocale, setAntLocale] = useState<AntLocale>(enUS);
  useEffect(() => {
    let live = true;
    void changeUiLocale(uiLocale);
    if (uiLocale === 'zh-CN') {
      void import('antd/es/locale/zh_CN').then((m) => live && setAntLocale(m.default));
    } else {
      setAntLocale(enUS);
    }
    return () => {
      live = false;
    };
  }, [uiLocale]);

  return (
    <ConfigProvider theme={themeConfig} locale={antLocale}>
      <AntApp className="atelier-app" notification={{ placement: 'topRight', maxCount: 4 }}>
        <QueryClientProvider client={queryClient}>
          <ErrorToastHost />
          {children}
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
