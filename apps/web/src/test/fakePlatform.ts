/** An in-memory Platform for tests: storage, IndexedDB names, cookies, a clock and reload counter. */
import type { KeyValueStore, Platform } from '../platform/platform';

export interface FakePlatform extends Platform {
  reloads: number;
  databases: Set<string>;
  cookies: Map<string, string>;
  clock: { now: number };
  copied: string[];
  /** Pages `goTo` left for. */
  visited: string[];
}

function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    get: (k) => map.get(k) ?? null,
    set: (k, v) => void map.set(k, v),
    remove: (k) => void map.delete(k),
    keys: () => [...map.keys()],
  };
}

export function createFakePlatform(init: { now?: number; languages?: string[] } = {}): FakePlatform {
  const fake: FakePlatform = {
    reloads: 0,
    databases: new Set(),
    cookies: new Map(),
    clock: { now: init.now ?? 1_700_000_000_000 },
    copied: [],
    visited: [],
    local: memoryStore(),
    session: memoryStore(),
    clearIndexedDb: async () => {
      fake.databases.clear();
    },
    reload: () => {
      fake.reloads += 1;
    },
    goTo: (url) => {
      fake.visited.push(url);
    },
    now: () => fake.clock.now,
    sleep: async (ms) => {
      fake.clock.now += ms;
    },
    setTimeout: (fn, ms) => {
      const id = globalThis.setTimeout(fn, ms);
      return () => globalThis.clearTimeout(id);
    },
    watchMedia: () => ({ matches: false, stop: () => undefined }),
    getCookie: (name) => fake.cookies.get(name) ?? null,
    removeCookie: (name) => void fake.cookies.delete(name),
    copyText: async (text) => {
      fake.copied.push(text);
    },
    fetch: () => Promise.reject(new Error('no network in tests')),
    languages: () => init.languages ?? ['en-US'],
  };
  return fake;
}
