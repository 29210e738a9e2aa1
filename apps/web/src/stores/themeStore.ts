/** Theme mode (system, light, dark), persisted; "system" follows the OS preference live. */
import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { platform } from '../platform/platform';
import { THEME_MODE_KEY } from '../platform/storageKeys';
import { localJsonStorage } from './persistStorage';

export type ThemeMode = 'system' | 'light' | 'dark';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_MODES: readonly ThemeMode[] = ['light', 'dark', 'system'];
const DARK_QUERY = '(prefers-color-scheme: dark)';

interface ThemeState {
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
}

export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      mode: 'system',
      setMode: (mode) => set({ mode }),
    }),
    { name: THEME_MODE_KEY, storage: localJsonStorage, partialize: ({ mode }) => ({ mode }) },
  ),
);

export function resolveTheme(mode: ThemeMode, systemDark: boolean): ResolvedTheme {
  if (mode === 'system') return systemDark ? 'dark' : 'light';
  return mode;
}

/** Whether the OS asks for dark mode, updated live when it changes. */
export function useSystemDark(): boolean {
  const [dark, setDark] = useState(() => {
    const probe = platform.watchMedia(DARK_QUERY, () => undefined);
    probe.stop();
    return probe.matches;
  });
  useEffect(() => {
    const watch = platform.watchMedia(DARK_QUERY, setDark);
    setDark(watch.matches);
    return watch.stop;
  }, []);
  return dark;
}

export function useResolvedTheme(): ResolvedTheme {
  const mode = useThemeStore((s) => s.mode);
  const systemDark = useSystemDark();
  return resolveTheme(mode, systemDark);
}
