/**
 * `window.atelierDebug`, exposed only when localStorage `atelier.debug` is '1': lets the
 * end-to-end tests fire several concurrent requests through the real client (401 flow).
 */
import type { RouteId } from '@atelier/contract';
import { platform } from '../platform/platform';
import { DEBUG_FLAG_KEY } from '../platform/storageKeys';
import { api, refreshQueue } from './client';

export interface AtelierDebug {
  request: (id: RouteId) => Promise<unknown>;
  call: (id: RouteId) => Promise<unknown>;
  refreshGeneration: () => number;
}

declare global {
  interface Window {
    atelierDebug?: AtelierDebug;
  }
}

export function installDebugHook(win: Window): void {
  if (platform.local.get(DEBUG_FLAG_KEY) !== '1') return;
  win.atelierDebug = {
    request: (id) => api.request(id),
    call: (id) => api.call(id),
    refreshGeneration: () => refreshQueue.generation,
  };
}
