/** The signed-in user's settings (GET/PUT /user/settings) through the typed API hooks. */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UpdateUserSettings, UserSettings } from '@atelier/contract';
import { apiKey, useApiMutation, useApiQuery } from '../../api/apiQuery';

const settingsKey = apiKey('user.settings.get');
import { useAuthStore } from '../../stores/authStore';

export function useUserSettings() {
  const status = useAuthStore((s) => s.status);
  return useApiQuery('user.settings.get', {}, { enabled: status !== 'anonymous' });
}

/** Settings of a signed-in user; only for components rendered inside the signed-in layout. */
export function useCurrentUser(): UserSettings {
  const { data } = useUserSettings();
  if (!data) throw new Error('useCurrentUser outside the signed-in layout');
  return data;
}

/** Saves a settings patch; `mutate(patch)` takes the body itself, since every caller sends one. */
export function useUpdateUserSettings(options: { silent?: boolean } = {}) {
  const client = useQueryClient();
  const mutation = useApiMutation('user.settings.update', {
    onSuccess: (settings) => client.setQueryData(settingsKey, settings),
    meta: { silent: options.silent },
  });
  type Callbacks = Parameters<typeof mutation.mutate>[1];
  // stable like TanStack's own mutate (callers list it in effect and callback dependencies)
  const { mutate: send, mutateAsync: sendAsync } = mutation;
  const mutate = useCallback(
    (body: UpdateUserSettings, callbacks?: Callbacks) => send({ body }, callbacks),
    [send],
  );
  const mutateAsync = useCallback((body: UpdateUserSettings) => sendAsync({ body }), [sendAsync]);
  return { isPending: mutation.isPending, mutate, mutateAsync };
}

/** After sign-in: cache the user the server returned and switch the app to signed in. */
export function useSignedIn() {
  const client = useQueryClient();
  const setStatus = useAuthStore((s) => s.setStatus);
  return (user: UserSettings | undefined) => {
    if (user) {
      client.setQueryData(settingsKey, user);
      setStatus('authenticated');
    } else {
      // signed in without the user in the answer: fetch it
      setStatus('pending');
    }
  };
}
