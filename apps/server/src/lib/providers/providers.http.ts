/**
 * Outbound HTTP to model, parsing, search and image providers: the outbound module's safe fetch
 * (src/lib/outbound) under the provider policy (PROVIDER_ALLOW_PRIVATE_NETWORK, global providers
 * exempt), a timeout, and the mapping of failures to catalogue codes: refused address E0003,
 * unreachable E3001, timeout E3003, 429 E3002. Messages name the endpoint's origin and the HTTP
 * status, never a key or a response body.
 */
import { AppError } from '../errors.js';
import {
  OutboundFailedError,
  OutboundRefusedError,
  checkUrl,
  createOutboundFetch,
  isPrivateAddress,
  outboundFetch,
  type FetchFn,
} from '../outbound/index.js';

export interface ProviderHttpOptions {
  timeoutMs: number;
  /** false: refuse loopback, private, link-local and other non-public addresses. */
  allowPrivateNetwork: boolean;
  /** Largest answer read; the outbound module's default when absent. */
  maxBytes?: number;
}

// One address policy for every outbound fetch (the outbound module owns it).
export { isPrivateAddress };

/** The settings that decide whether a user's provider may reach a non-public address. */
export interface PrivateNetworkSettings {
  PROVIDER_ALLOW_PRIVATE_NETWORK: boolean;
  PROVIDER_ALLOWED_HOSTS: string[];
  OLLAMA_BASE_URL?: string | undefined;
}

/**
 * Whether a request of a user's provider to `url` may reach loopback, private or link-local
 * addresses: when the instance allows it everywhere, or when the URL's host is one the operator
 * named (PROVIDER_ALLOWED_HOSTS as `host` or `host:port`, and OLLAMA_BASE_URL's host). The
 * operator trusts those servers, redirects they answer included.
 */
export function privateNetworkAllowed(
  settings: PrivateNetworkSettings,
  url: string | null | undefined,
): boolean {
  if (settings.PROVIDER_ALLOW_PRIVATE_NETWORK) return true;
  if (!url || !URL.canParse(url)) return false;
  const { host, hostname } = new URL(url);
  const named = [...settings.PROVIDER_ALLOWED_HOSTS];
  if (settings.OLLAMA_BASE_URL && URL.canParse(settings.OLLAMA_BASE_URL))
    named.push(new URL(settings.OLLAMA_BASE_URL).host);
  return named.some((entry) => entry === host.toLowerCase() || entry === hostname.toLowerCase());
}

const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return 'the provider';
  }
};

const PRIVATE_NOT_ALLOWED =
  'which this instance does not allow for user providers (the operator can name it in PROVIDER_ALLOWED_HOSTS)';

function refusedError(err: OutboundRefusedError, url: string, prefix = ''): AppError {
  if (err.reason === 'private')
    return new AppError(
      'E0003',
      `${prefix}${originOf(url)} is a private network address, ${PRIVATE_NOT_ALLOWED}`,
    );
  if (err.reason === 'unresolved')
    return new AppError(
      'E0003',
      `${prefix}${err.message}, so it cannot be checked against the private-network rule`,
    );
  return new AppError('E0003', `${prefix}${err.message}`);
}

/**
 * Checks a base URL when it is saved: E0003 when it is not http(s), or — private networks not
 * allowed — when its host resolves to a non-public address or does not resolve at all.
 */
export async function assertAllowedUrl(
  url: string,
  opts: Pick<ProviderHttpOptions, 'allowPrivateNetwork'>,
): Promise<void> {
  try {
    await checkUrl(url, { allowPrivate: opts.allowPrivateNetwork });
  } catch (err) {
    if (err instanceof OutboundRefusedError) throw refusedError(err, url, 'baseUrl: ');
    throw err;
  }
}

/** A catalogue error for a failed provider request; a caller's own abort passes through. */
export function providerFailure(err: unknown, url: string, timeoutMs?: number): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof OutboundRefusedError) return refusedError(err, url);
  if (err instanceof OutboundFailedError) {
    if (err.reason === 'timeout')
      return new AppError(
        'E3003',
        timeoutMs
          ? `${originOf(url)} did not answer within ${Math.round(timeoutMs / 1000)} s`
          : `${originOf(url)} did not answer in time`,
      );
    if (err.reason === 'network') return new AppError('E3001', err.message);
    return new AppError('E3001', `${originOf(url)}: ${err.message}`);
  }
  return err;
}

/**
 * One request to a provider through the safe fetch; answers the Response whatever its status.
 * Refusals, timeouts and network failures become catalogue errors (see providerFailure).
 */
export async function sendProviderRequest(
  url: string,
  init: RequestInit,
  opts: ProviderHttpOptions,
): Promise<Response> {
  try {
    return await outboundFetch(url, init, {
      allowPrivate: opts.allowPrivateNetwork,
      timeoutMs: opts.timeoutMs,
      ...(opts.maxBytes ? { maxBytes: opts.maxBytes } : {}),
    });
  } catch (err) {
    if (init.signal?.aborted) throw err;
    throw providerFailure(err, url, opts.timeoutMs);
  }
}

/** Reads a provider's JSON answer; a body cut by the deadline or the byte cap maps like the request. */
export async function readProviderJson(res: Response, url: string, timeoutMs?: number): Promise<unknown> {
  try {
    return await res.json();
  } catch (err) {
    if (err instanceof OutboundFailedError) throw providerFailure(err, url, timeoutMs) as Error;
    throw new AppError('E3001', `${originOf(url)} did not answer JSON`);
  }
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
  const res = await sendProviderRequest(
    url,
    {
      method: req.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...req.headers,
      },
      ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
      ...(req.signal ? { signal: req.signal } : {}),
    },
    opts,
  );
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
  return readProviderJson(res, url, opts.timeoutMs);
}

/**
 * The fetch handed to the AI SDK (chat, embeddings): the safe fetch under the provider policy,
 * with a refused address as E0003 and other failures as fetch's own TypeError. No overall deadline — answers stream for as long as the model
 * writes; the skill's idle timeout and abort signal end them.
 */
export function providerFetch(opts: Pick<ProviderHttpOptions, 'allowPrivateNetwork' | 'maxBytes'>): FetchFn {
  const safe = createOutboundFetch({
    allowPrivate: opts.allowPrivateNetwork,
    ...(opts.maxBytes ? { maxBytes: opts.maxBytes } : {}),
  });
  return async (input, init) => {
    try {
      return await safe(input, init);
    } catch (err) {
      if (err instanceof OutboundRefusedError) {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
        throw refusedError(err, url);
      }
      // What fetch itself throws for a network failure, so the AI SDK retries it as before.
      if (err instanceof OutboundFailedError) throw new TypeError('fetch failed', { cause: err });
      throw err;
    }
  };
}
