/** Sign out (spec section 4): remote logout, then wipe local data and reload (with the guard). */
import { api } from './client';
import { endLocalSession } from './endSession';

export async function logout(): Promise<void> {
  try {
    await api.call('auth.logout');
  } catch {
    // the local wipe must happen even when the server cannot be reached
  }
  await endLocalSession();
}
