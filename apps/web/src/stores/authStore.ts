/**
 * Sign-in status of this tab. It starts from the readable `atelier_uid` cookie, so an
 * anonymous visitor never triggers an API call (and never a refresh/wipe/reload loop):
 * `pending` until the user settings answer, then `authenticated`; `anonymous` otherwise.
 */
import { create } from 'zustand';
import { platform } from '../platform/platform';
import { SIGNED_IN_COOKIE } from '../platform/storageKeys';

export type AuthStatus = 'pending' | 'anonymous' | 'authenticated';

interface AuthState {
  status: AuthStatus;
  setStatus: (status: AuthStatus) => void;
}

export const useAuthStore = create<AuthState>()((set) => ({
  status: platform.getCookie(SIGNED_IN_COOKIE) ? 'pending' : 'anonymous',
  setStatus: (status) => set({ status }),
}));
