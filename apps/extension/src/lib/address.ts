/** The Atelier server address the extension talks to: normalised, and recognised by its health answer. */

export const DEFAULT_ADDRESS = 'http://localhost:5800';

/**
 * A typed address as `http(s)://host[:port][/path]`, without a trailing slash or `/v1`; a bare
 * host gets `http://`. Null when it is not an http(s) address.
 */
export function normaliseAddress(input: string): string | null {
  let text = input.trim();
  if (!text) return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `http://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password) return null;
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return `${url.origin}${path}`;
}

/** The API base of an address. */
export function apiBase(address: string): string {
  return `${address}/v1`;
}

export interface ServerIdentity {
  version: string;
}

/**
 * Whether a GET /v1/health body is an Atelier server's: the response wrapper around
 * `{status: 'ok', version, database, roles}`. Anything else (another app, a proxy page) is not.
 */
export function atelierIdentity(body: unknown): ServerIdentity | null {
  if (typeof body !== 'object' || body === null) return null;
  const wrapper = body as { success?: unknown; data?: unknown };
  if (wrapper.success !== true || typeof wrapper.data !== 'object' || wrapper.data === null) return null;
  const data = wrapper.data as { status?: unknown; version?: unknown; database?: unknown; roles?: unknown };
  if (data.status !== 'ok' || typeof data.version !== 'string') return null;
  if (data.database !== 'pglite' && data.database !== 'postgres') return null;
  if (!Array.isArray(data.roles)) return null;
  return { version: data.version };
}

/** Where a person signs in (the app's start page shows the sign-in form when signed out). */
export function signInUrl(address: string): string {
  return `${address}/`;
}

/** A canvas's page. */
export function canvasUrl(address: string, canvasId: string): string {
  return `${address}/canvas/${encodeURIComponent(canvasId)}`;
}

/** The library's page of one resource. */
export function resourceUrl(address: string, resourceId: string): string {
  return `${address}/library/resources/${encodeURIComponent(resourceId)}`;
}
