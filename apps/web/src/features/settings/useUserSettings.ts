/** The signed-in user's settings (GET/PUT /user/settings) through TanStack Query. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserSettings, UserSettings } from '@atelier/contract';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queryClient';
import { useAuthStore } from '../../stores/authStore';

export function useUserSettings() {
  const status = useAuthStore((s) => s.status);
  return useQuery({
    queryKey: queryKeys.userSettings,
    queryFn: ({ signal }) => api.call('user.settings.get', undefined, { signal }),
    enabled: status !== 'anonymous',
  });
}

/** Settings of a signed-in user; only for components rendered inside the signed-in layout. */
export function useCurrentUser(): UserSettings {
  const { data } = useUserSettings();
  if (!data) throw new Error('useCurrentUser outside the signed-in layout');
  return data;
}

export function useUpdateUserSettings(options: { silent?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserSettings) => api.call('user.settings.update', { body }),
    onSuccess: (settings) => client.setQueryData(queryKeys.userSettings, settings),
    meta: { silent: options.silent },
  });
}

/** After sign-in: cache the user the server returned and switch the app to signed in. */
export function useSignedIn() {
  const client = useQueryClient();
  const setStatus = useAuthStore((s) => s.setStatus);
  return (user: UserSettings | undefined) => {
    if (user) {
      client.setQueryData(queryKeys.userSettings, user);
      setStatus('authenticated');
    } else {
      // signed in without the user in the answer: fetch it
      setStatus('pending');
    }
  };
}
