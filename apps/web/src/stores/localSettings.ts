/**
 * Local settings kept in the browser (spec section 3 "Client-side state"): interface
 * language, output language ('auto' or a tag) and canvas operation mode. Signed-in users
 * also have them in their server settings, which win when the app starts.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Locale } from '@atelier/contract';
import { detectLocale } from '../i18n/locale';
import { platform } from '../platform/platform';
import { LOCAL_SETTINGS_KEY } from '../platform/storageKeys';
import { localJsonStorage } from './persistStorage';

export const AUTO_OUTPUT_LOCALE = 'auto';

export interface LocalSettingsState {
  uiLocale: Locale;
  outputLocale: string;
  canvasMode: 'mouse' | 'touchpad';
  setUiLocale: (locale: Locale) => void;
  setOutputLocale: (locale: string) => void;
  setCanvasMode: (mode: 'mouse' | 'touchpad') => void;
  reset: () => void;
}

const defaults = () => ({
  uiLocale: detectLocale(platform.languages()),
  outputLocale: AUTO_OUTPUT_LOCALE,
  canvasMode: 'mouse' as const,
});

export const useLocalSettings = create<LocalSettingsState>()(
  persist(
    (set) => ({
      ...defaults(),
      setUiLocale: (uiLocale) => set({ uiLocale }),
      setOutputLocale: (outputLocale) => set({ outputLocale }),
      setCanvasMode: (canvasMode) => set({ canvasMode }),
      reset: () => set(defaults()),
    }),
    {
      name: LOCAL_SETTINGS_KEY,
      storage: localJsonStorage,
      partialize: ({ uiLocale, outputLocale, canvasMode }) => ({ uiLocale, outputLocale, canvasMode }),
    },
  ),
);
