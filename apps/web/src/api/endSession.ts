/**
 * What happens when the session ends in this tab (failed refresh or logout): wipe local
 * data and reload; when the reload guard skips the reload, drop the cached server data and
 * show the signed-out app instead.
 */
import { platform } from '../platform/platform';
import { useAuthStore } from '../stores/authStore';
import { queryClient } from './queryClient';
import { createSessionControl } from './session';

export const sessionControl = createSessionControl(platform);

export async function endLocalSession(): Promise<void> {
  await sessionControl.wipeLocalData();
  if (sessionControl.reloadWithGuard()) return;
  queryClient.clear();
  useAuthStore.getState().setStatus('anonymous');
}
