/**
 * Ending a session in the browser (spec section 4): wipe local data (every IndexedDB
 * database, local and session storage except the reload-guard key, the readable sign-in
 * cookie) and reload, unless the app already reloaded within the guard window; then the
 * caller resets in-memory state instead, which breaks any reload loop.
 */
import { LIMITS } from '@atelier/contract';
import type { Platform } from '../platform/platform';
import { RELOAD_GUARD_KEY, SIGNED_IN_COOKIE } from '../platform/storageKeys';

export interface SessionControl {
  /** True when the readable sign-in cookie says a session exists (no API call). */
  wasSignedIn(): boolean;
  wipeLocalData(): Promise<void>;
  /** Reload the page; false (and no reload) when one happened within the guard window. */
  reloadWithGuard(): boolean;
}

export function createSessionControl(p: Platform): SessionControl {
  return {
    wasSignedIn: () => Boolean(p.getCookie(SIGNED_IN_COOKIE)),
    async wipeLocalData() {
      for (const key of p.local.keys()) {
        if (key !== RELOAD_GUARD_KEY) p.local.remove(key);
      }
      for (const key of p.session.keys()) p.session.remove(key);
      p.removeCookie(SIGNED_IN_COOKIE);
      try {
        await p.clearIndexedDb();
      } catch {
        // a browser that refuses to list or delete databases must not block the sign-out
      }
    },
    reloadWithGuard() {
      const now = p.now();
      const last = Number(p.local.get(RELOAD_GUARD_KEY) ?? '0');
      if (last > 0 && now - last >= 0 && now - last < LIMITS.reloadGuardWindowMs) return false;
      p.local.set(RELOAD_GUARD_KEY, String(now));
      p.reload();
      return true;
    },
  };
}
