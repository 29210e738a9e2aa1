/** antd theme of Atelier: primary #00968F, corner radius 6, light or dark algorithm. */
import { theme, type ThemeConfig } from 'antd';
import type { ResolvedTheme } from '../stores/themeStore';

export const BRAND_COLOR = '#00968F';

export function buildTheme(mode: ResolvedTheme): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: BRAND_COLOR,
      colorLink: BRAND_COLOR,
      borderRadius: 6,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', sans-serif",
    },
  };
}
