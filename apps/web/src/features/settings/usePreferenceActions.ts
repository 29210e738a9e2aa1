/**
 * Changing language, output language or theme: applied locally at once (so it works and
 * persists even offline) and saved to the user's settings on the server.
 */
import type { Locale, UpdateUserSettings } from '@atelier/contract';
import { useLocalSettings } from '../../stores/localSettings';
import { useThemeStore, type ThemeMode } from '../../stores/themeStore';
import { useCurrentUser, useUpdateUserSettings } from './useUserSettings';

export function usePreferenceActions() {
  const user = useCurrentUser();
  const update = useUpdateUserSettings();
  const save = (patch: UpdateUserSettings) => update.mutate(patch);
  return {
    saving: update.isPending,
    setUiLocale: (uiLocale: Locale) => {
      useLocalSettings.getState().setUiLocale(uiLocale);
      save({ uiLocale });
    },
    setOutputLocale: (outputLocale: string) => {
      useLocalSettings.getState().setOutputLocale(outputLocale);
      save({ outputLocale });
    },
    setTheme: (theme: ThemeMode) => {
      useThemeStore.getState().setMode(theme);
      // send the whole object: the other preferences must survive a server that replaces it
      save({ preferences: { ...user.preferences, theme } });
    },
  };
}
