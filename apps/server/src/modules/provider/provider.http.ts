/**
 * Outbound HTTP to model providers, behind one module: a timeout, the optional private-network
 * guard for user-configured endpoints, and the mapping of failures to E3001 / E3003. Error
 * messages name the endpoint's origin and the HTTP status, never a key or a response body.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../../http/errors.js';
import { isPrivateAddress } from '../../ingest/ingest.address.js';

export interface ProviderHttpOptions {
  timeoutMs: number;
  /** false: refuse loopback, private, link-local and other non-public addresses. */
  allowPrivateNetwork: boolean;
}

// One address policy for every outbound fetch (the ingest module owns it).
export { isPrivateAddress };

const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return 'the provider';
  }
};

/**
 * Throws E0003 when `url` points at a non-public address and the guard is on. A name that does not
 * resolve passes here: the request itself then fails with E3001.
 */
export async function assertAllowedUrl(
  url: string,
  opts: Pick<ProviderHttpOptions, 'allowPrivateNetwork'>,
): Promise<void> {
  if (opts.allowPrivateNetwork) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else if (host === 'localhost' || host.endsWith('.localhost')) addresses = ['127.0.0.1'];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      return;
    }
  }
  if (addresses.some(isPrivateAddress)) {
    throw new AppError(
      'E0003',
      `baseUrl: ${originOf(url)} is a private network address, which this instance does not allow`,
    );
  }
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
}

function networkReason(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  return err instanceof Error ? err.message : 'network error';
}

/** GET a provider's JSON endpoint with headers; maps every failure to a catalogue error. */
export function getProviderJson(
  url: string,
  headers: Record<string, string>,
  opts: ProviderHttpOptions,
): Promise<unknown> {
  return requestProviderJson(url, { headers }, opts);
}

export interface ProviderRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * A JSON request to a provider (web search, image APIs, model lists): the private-network guard,
 * a timeout, 429 → E3002, timeouts → E3003, other failures → E3001 naming the origin and status.
 */
export async function requestProviderJson(
  url: string,
  req: ProviderRequest,
  opts: ProviderHttpOptions,
): Promise<unknown> {
  await assertAllowedUrl(url, opts);
  let res: Response;
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  try {
    res = await fetch(url, {
      method: req.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...req.headers,
      },
      ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
      signal: req.signal ? AbortSignal.any([timeout, req.signal]) : timeout,
    });
  } catch (err) {
    if (isTimeout(err) && !req.signal?.aborted) {
      throw new AppError(
        'E3003',
        `${originOf(url)} did not answer within ${Math.round(opts.timeoutMs / 1000)} s`,
      );
    }
    throw new AppError('E3001', `Cannot reach ${originOf(url)} (${networkReason(err)})`);
  }
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel().catch(() => undefined);
    throw new AppError('E3001', `${originOf(url)} rejected the API key (HTTP ${res.status})`);
  }
  if (res.status === 429) {
    await res.body?.cancel().catch(() => undefined);
    throw new AppError('E3002', `${originOf(url)} is rate-limiting requests (HTTP 429)`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new AppError('E3001', `${originOf(url)} answered HTTP ${res.status}`);
  }
  try {
    return await res.json();
  } catch (err) {
    if (isTimeout(err)) throw new AppError('E3003', `${originOf(url)} did not finish its answer in time`);
    throw new AppError('E3001', `${originOf(url)} did not answer JSON`);
  }
}

/** A fetch for the AI SDK that applies the private-network guard to every request. */
export function guardedFetch(
  opts: Pick<ProviderHttpOptions, 'allowPrivateNetwork'>,
): typeof fetch | undefined {
  if (opts.allowPrivateNetwork) return undefined;
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    await assertAllowedUrl(url, opts);
    return fetch(input, init);
  };
}
