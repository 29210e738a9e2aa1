/**
 * The one place that touches ambient browser globals (storage, IndexedDB, reload, media
 * queries, timers, cookies, clipboard, fetch). Core code receives a `Platform` so tests can
 * inject fakes; `browserPlatform` is the real one.
 */

export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  keys(): string[];
}

export interface Platform {
  local: KeyValueStore;
  session: KeyValueStore;
  /** Delete every IndexedDB database of this origin. */
  clearIndexedDb(): Promise<void>;
  reload(): void;
  /** Leave the app for another page (a hosted checkout or billing portal). */
  goTo(url: string): void;
  now(): number;
  sleep(ms: number): Promise<void>;
  setTimeout(fn: () => void, ms: number): () => void;
  /** Current match of a media query plus a subscription to its changes. */
  watchMedia(query: string, onChange: (matches: boolean) => void): { matches: boolean; stop: () => void };
  getCookie(name: string): string | null;
  removeCookie(name: string): void;
  copyText(text: string): Promise<void>;
  fetch: typeof fetch;
  languages(): readonly string[];
}

function storeOf(getStorage: () => Storage | undefined): KeyValueStore {
  // Storage can throw (privacy modes, sandboxed iframes): a failing store behaves as empty.
  const safe = <T>(fn: (s: Storage) => T, fallback: T): T => {
    try {
      const s = getStorage();
      return s ? fn(s) : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    get: (key) => safe((s) => s.getItem(key), null),
    set: (key, value) => safe((s) => s.setItem(key, value), undefined),
    remove: (key) => safe((s) => s.removeItem(key), undefined),
    keys: () =>
      safe((s) => {
        const out: string[] = [];
        for (let i = 0; i < s.length; i += 1) {
          const k = s.key(i);
          if (k !== null) out.push(k);
        }
        return out;
      }, []),
  };
}

function deleteDatabase(factory: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve) => {
    const req = factory.deleteDatabase(name);
    req.onsuccess = () => resolve();
    req.onerror = () => resolve();
    // a blocked delete completes once other tabs close their connections; do not wait for it
    req.onblocked = () => resolve();
  });
}

async function clearIndexedDb(): Promise<void> {
  const factory = globalThis.indexedDB as IDBFactory | undefined;
  if (!factory || typeof factory.databases !== 'function') return;
  const dbs = await factory.databases();
  await Promise.all(dbs.map((db) => (db.name ? deleteDatabase(factory, db.name) : Promise.resolve())));
}

export function createBrowserPlatform(): Platform {
  return {
    local: storeOf(() => globalThis.localStorage),
    session: storeOf(() => globalThis.sessionStorage),
    clearIndexedDb,
    reload: () => window.location.reload(),
    goTo: (url) => window.location.assign(url),
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => globalThis.setTimeout(resolve, ms)),
    setTimeout: (fn, ms) => {
      const id = globalThis.setTimeout(fn, ms);
      return () => globalThis.clearTimeout(id);
    },
    watchMedia: (query, onChange) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') {
        return { matches: false, stop: () => undefined };
      }
      const mql = window.matchMedia(query);
      const listener = (e: MediaQueryListEvent) => onChange(e.matches);
      mql.addEventListener('change', listener);
      return { matches: mql.matches, stop: () => mql.removeEventListener('change', listener) };
    },
    getCookie: (name) => {
      const prefix = `${name}=`;
      for (const part of document.cookie.split(';')) {
        const trimmed = part.trim();
        if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
      }
      return null;
    },
    removeCookie: (name) => {
      document.cookie = `${name}=; Max-Age=0; path=/; SameSite=Lax`;
    },
    copyText: async (text) => {
      if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(text);
        return;
      }
      // clipboard API is missing on plain-http origins: fall back to a hidden textarea
      const area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    },
    fetch: (...args) => globalThis.fetch(...args),
    languages: () =>
      typeof navigator === 'undefined'
        ? []
        : navigator.languages?.length
          ? navigator.languages
          : [navigator.language],
  };
}

/** The platform of the running app. */
export const platform: Platform = createBrowserPlatform();
