/**
 * An HTTP client for tests that behaves like a browser session: it keeps cookies (respecting
 * their path), and exposes both the typed contract client and raw fetch.
 */
import type { ApiResponse } from '@atelier/contract';
import { createApiClient, type ApiClient } from '@atelier/contract/client';

/** The response wrapper as tests read it (the contract's own type). */
export type Wrapped<T = unknown> = ApiResponse<T>;

interface StoredCookie {
  value: string;
  path: string;
}

export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      if (!pair) continue;
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let expired = false;
      for (const a of attrs) {
        const [k, v] = a.split('=');
        if (k?.toLowerCase() === 'path' && v) path = v;
        if (k?.toLowerCase() === 'max-age' && Number(v) <= 0) expired = true;
        if (k?.toLowerCase() === 'expires' && v && Date.parse(v) < Date.now()) expired = true;
      }
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }

  header(pathname: string): string {
    return [...this.cookies.entries()]
      .filter(([, c]) => pathname.startsWith(c.path))
      .map(([n, c]) => `${n}=${c.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  set(name: string, value: string, path = '/'): void {
    this.cookies.set(name, { value, path });
  }

  /** Takes every cookie of `other`, with its path: the same session against a restarted server. */
  copyFrom(other: CookieJar): void {
    for (const [name, cookie] of other.cookies) this.cookies.set(name, { ...cookie });
  }

  clear(): void {
    this.cookies.clear();
  }
}

/** What `post`/`get` answer: the HTTP status and the parsed wrapper (read with expectData/expectFailure). */
export interface Answer<T = unknown> {
  status: number;
  body: Wrapped<T>;
}

/** A query string's values: arrays repeat the key. */
export type Query = Record<string, string | number | boolean | undefined | Array<string | number>>;

export interface TestClient {
  jar: CookieJar;
  api: ApiClient;
  /** fetch relative to the server root (e.g. '/v1/user/settings'), with this client's cookies. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** POST JSON (or GET without body) and parse the wrapper. */
  json<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  /**
   * THE way tests call the API: POST `body` as JSON (a string is sent as is, for malformed-input
   * tests) to a full path ('/v1/canvas/create') and answer `{ status, body }`.
   */
  post<T = unknown>(path: string, body?: unknown): Promise<Answer<T>>;
  /** GET a full path, with `query` appended; answers `{ status, body }`. */
  get<T = unknown>(path: string, query?: Query): Promise<Answer<T>>;
}

/** `path` with `query` appended (undefined values left out, arrays as repeated keys). */
export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/** `headers` go on every request (e.g. `authorization` for a personal API token). */
export function createTestClient(baseUrl: string, extraHeaders: Record<string, string> = {}): TestClient {
  const jar = new CookieJar();
  const cookieFetch: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input.toString() : input.url);
    const headers = new Headers(init?.headers);
    for (const [k, v] of Object.entries(extraHeaders)) headers.set(k, v);
    const cookie = jar.header(url.pathname);
    if (cookie) headers.set('cookie', cookie);
    const res = await globalThis.fetch(url, { ...init, headers, redirect: init?.redirect ?? 'manual' });
    jar.store(res);
    return res;
  };
  const doFetch = (path: string, init?: RequestInit) => cookieFetch(new URL(path, baseUrl), init);
  const json = async <T>(method: string, path: string, body?: unknown) => {
    const res = await doFetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // leave as text
    }
    return { status: res.status, body: parsed as T };
  };
  return {
    jar,
    api: createApiClient({ baseUrl: `${baseUrl}/v1`, fetch: cookieFetch }),
    fetch: doFetch,
    json,
    post: <T>(path: string, body?: unknown) => json<Wrapped<T>>('POST', path, body),
    get: <T>(path: string, query?: Query) => json<Wrapped<T>>('GET', withQuery(path, query)),
  };
}
