/** zustand `persist` storage backed by the platform's localStorage wrapper. */
import { createJSONStorage } from 'zustand/middleware';
import { platform } from '../platform/platform';

export const localJsonStorage = createJSONStorage(() => ({
  getItem: (key: string) => platform.local.get(key),
  setItem: (key: string, value: string) => platform.local.set(key, value),
  removeItem: (key: string) => platform.local.remove(key),
}));
