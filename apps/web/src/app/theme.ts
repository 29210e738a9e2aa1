/** antd theme of Atelier: primary #00968F, corner radius 6, light or dark algorithm, CSS variables. */
import { theme, type ThemeConfig } from 'antd';
import type { ResolvedTheme } from '../stores/themeStore';

export const BRAND_COLOR = '#00968F';

/**
 * Class of the element antd writes its token CSS variables (--ant-color-primary, …) on. The app
 * puts it on <html>, so the app's own CSS reads every colour from the theme, light or dark.
 */
export const THEME_CSS_VAR_CLASS = 'atelier-theme';

/** `reducedMotion`: the OS asks for less motion; antd then shows and hides without animating. */
export function buildTheme(mode: ResolvedTheme, reducedMotion = false): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    cssVar: { key: THEME_CSS_VAR_CLASS },
    token: {
      colorPrimary: BRAND_COLOR,
      colorLink: BRAND_COLOR,
      borderRadius: 6,
      motion: !reducedMotion,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', sans-serif",
    },
  };
}
