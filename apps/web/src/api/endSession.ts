/**
 * What happens when the session ends in this tab (failed refresh or logout): wipe local
 * data and reload; when the reload guard skips the reload, drop the cached server data and
 * show the signed-out app instead. The cache is TanStack Query's in the app (queryClient.ts
 * registers its clearing here), so the API client does not carry it into the lean share viewer.
 */
import { platform } from '../platform/platform';
import { useAuthStore } from '../stores/authStore';
import { createSessionControl } from './session';

export const sessionControl = createSessionControl(platform);

const cacheClearers = new Set<() => void>();

/** Runs `clear` when the session ends without a reload (the app's query cache). */
export function onLocalSessionEnd(clear: () => void): void {
  cacheClearers.add(clear);
}

export async function endLocalSession(): Promise<void> {
  await sessionControl.wipeLocalData();
  if (sessionControl.reloadWithGuard()) return;
  for (const clear of cacheClearers) clear();
  useAuthStore.getState().setStatus('anonymous');
}
