/** The antd theme of the app and of the share viewer (kept apart from theme.ts, which the build's style script imports in Node). */
import { useMemo } from 'react';
import type { ThemeConfig } from 'antd';
import { useReducedMotion, type ResolvedTheme } from '../stores/themeStore';
import { buildTheme } from './theme';

/** The antd theme for a resolved light or dark mode, following the OS's motion setting live. */
export function useAntTheme(resolved: ResolvedTheme): ThemeConfig {
  const reducedMotion = useReducedMotion();
  return useMemo(() => buildTheme(resolved, reducedMotion), [resolved, reducedMotion]);
}
