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

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Whether a media query matches now, read once. */
function mediaMatches(query: string): boolean {
  const probe = platform.watchMedia(query, () => undefined);
  probe.stop();
  return probe.matches;
}

/** Whether a media query matches now, updated live when it changes. */
function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => mediaMatches(query));
  useEffect(() => {
    const watch = platform.watchMedia(query, setMatches);
    setMatches(watch.matches);
    return watch.stop;
  }, [query]);
  return matches;
}

/** Whether the OS asks for dark mode, updated live when it changes. */
export function useSystemDark(): boolean {
  return useMediaQuery(DARK_QUERY);
}

/**
 * Whether the OS asks for less motion (an accessibility setting): then dialogs, menus and tabs
 * appear without their zoom and slide, and the canvas jumps instead of gliding.
 */
export function useReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}

/** The same, read once, for code outside React (a canvas pan's duration). */
export function prefersReducedMotion(): boolean {
  return mediaMatches(REDUCED_MOTION_QUERY);
}

/** `ms`, or 0 when the OS asks for less motion. */
export function motionMs(ms: number): number {
  return prefersReducedMotion() ? 0 : ms;
}

export function useResolvedTheme(): ResolvedTheme {
  const mode = useThemeStore((s) => s.mode);
  const systemDark = useSystemDark();
  return resolveTheme(mode, systemDark);
}
