/**
 * Once per signed-in start: the server's language, output language and theme win over the
 * browser's; values the account has never saved are filled in from the browser.
 */
import { useEffect, useRef } from 'react';
import type { UpdateUserSettings } from '@atelier/contract';
import { useLocalSettings } from '../../stores/localSettings';
import { useThemeStore } from '../../stores/themeStore';
import { useCurrentUser, useUpdateUserSettings } from '../settings/useUserSettings';

export function useServerPreferencesSync(): void {
  const user = useCurrentUser();
  const update = useUpdateUserSettings({ silent: true });
  const done = useRef(false);
  const { mutate } = update;

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const local = useLocalSettings.getState();
    const theme = useThemeStore.getState();
    const patch: UpdateUserSettings = {};
    if (user.uiLocale) local.setUiLocale(user.uiLocale);
    else patch.uiLocale = local.uiLocale;
    if (user.outputLocale) local.setOutputLocale(user.outputLocale);
    else patch.outputLocale = local.outputLocale;
    if (user.preferences.theme) theme.setMode(user.preferences.theme);
    else patch.preferences = { ...user.preferences, theme: theme.mode };
    if (Object.keys(patch).length > 0) mutate(patch);
  }, [user, mutate]);
}
