/** The typed fetch client of /v1: unwraps the wrapper, maps failures to codes, replays once after a refresh. */
import { TRANSPORT_CODES, errorMessage } from './errors.js';
import type { ApiResponse } from './response.js';
import type { RouteBodyInput, RouteParamsInput, RouteQueryInput, RouteResponse } from './route.js';
import type { RouteLite } from './route-lite.js';
import type { RouteId, Routes } from './routes/index.js';
import { routeIndex } from './routes/route-index.js';

export class ApiError extends Error {
  readonly errCode: string;
  readonly traceId?: string;
  readonly status?: number;
  readonly serverStack?: string;

  constructor(
    errCode: string,
    message?: string,
    details: { traceId?: string; status?: number; serverStack?: string; cause?: unknown } = {},
  ) {
    super(
      message || errorMessage(errCode),
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.name = 'ApiError';
    this.errCode = errCode;
    if (details.traceId) this.traceId = details.traceId;
    if (details.status !== undefined) this.status = details.status;
    if (details.serverStack) this.serverStack = details.serverStack;
  }
}

export interface ApiClientOptions {
  /** e.g. '/v1' or 'http://127.0.0.1:5800/v1' */
  baseUrl: string;
  /** Defaults to globalThis.fetch. */
  fetch?: typeof fetch;
  headers?: () => Record<string, string>;
  /** Called on HTTP 401. Resolve true when the session was refreshed: the request is replayed once. */
  onUnauthorized?: () => Promise<boolean>;
}

export type CallInput<K extends RouteId> = {
  body?: RouteBodyInput<Routes[K]> | FormData;
  query?: RouteQueryInput<Routes[K]>;
  params?: RouteParamsInput<Routes[K]>;
};

export interface ApiClient {
  /** Resolves with `data`; rejects with ApiError on any failure. */
  call<K extends RouteId>(
    id: K,
    input?: CallInput<K>,
    init?: { signal?: AbortSignal },
  ): Promise<RouteResponse<Routes[K]>>;
  /** Resolves with the whole wrapper, never rejects: failures are {success:false, errCode,...}. */
  request<K extends RouteId>(
    id: K,
    input?: CallInput<K>,
    init?: { signal?: AbortSignal },
  ): Promise<ApiResponse<RouteResponse<Routes[K]>>>;
  /** URL of a route with params and query filled in (for file downloads, redirects, SSE). */
  url<K extends RouteId>(id: K, input?: CallInput<K>): string;
}

interface LooseInput {
  body?: unknown;
  query?: unknown;
  params?: unknown;
}

/** The wrapper plus what the HTTP exchange told us, before it becomes a result or an ApiError. */
interface Outcome {
  wrapper: ApiResponse<unknown>;
  status?: number;
  cause?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function fillPath(path: string, params: unknown): string {
  const values = isRecord(params) ? params : {};
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new TypeError(`Missing path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
}

function queryString(query: unknown): string {
  if (!isRecord(query)) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const items: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (item === undefined || item === null) continue;
      search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function failure(
  errCode: string,
  details: { errMsg?: string; traceId?: string; stack?: string },
): ApiResponse<unknown> {
  return {
    success: false,
    errCode,
    errMsg: details.errMsg ?? errorMessage(errCode),
    traceId: details.traceId ?? '',
    ...(details.stack ? { stack: details.stack } : {}),
  };
}

function isWrapper(value: unknown): value is Record<string, unknown> & { success: boolean } {
  return isRecord(value) && typeof value.success === 'boolean';
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  /** One refresh shared by every request that got a 401 while it runs (spec section 4). */
  let refreshing: Promise<boolean> | undefined;

  function urlOf(route: RouteLite, input: LooseInput | undefined): string {
    return `${baseUrl}${fillPath(route.path, input?.params)}${queryString(input?.query)}`;
  }

  function refreshSession(): Promise<boolean> {
    if (!options.onUnauthorized) return Promise.resolve(false);
    refreshing ??= options
      .onUnauthorized()
      .catch(() => false)
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  async function send(
    route: RouteLite,
    input: LooseInput | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers?.() };
    const init: RequestInit = { method: route.method, credentials: 'include', redirect: 'follow', headers };
    if (signal) init.signal = signal;
    const body = input?.body;
    if (body !== undefined && route.method !== 'GET') {
      if (typeof FormData !== 'undefined' && body instanceof FormData) {
        init.body = body;
      } else {
        headers['content-type'] = 'application/json';
        init.body = JSON.stringify(body);
      }
    }
    return doFetch(urlOf(route, input), init);
  }

  async function read(response: Response): Promise<Outcome> {
    const status = response.status;
    const headerTrace = response.headers.get('x-trace-id') ?? undefined;
    if (status === 204) return { wrapper: { success: true, traceId: headerTrace ?? '' }, status };
    const isJson = /[/+]json\b/i.test(response.headers.get('content-type') ?? '');
    const text = await response.text();
    let parsed: unknown;
    let parseError: unknown;
    if (isJson && text.trim() !== '') {
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        parseError = error;
      }
    }
    const body = isRecord(parsed) ? parsed : {};
    const traceId = str(body.traceId) ?? headerTrace;
    const details = { errMsg: str(body.errMsg), traceId, stack: str(body.stack) };
    if (response.ok) {
      if (parseError !== undefined)
        return { wrapper: failure(TRANSPORT_CODES.thrown, { traceId }), status, cause: parseError };
      if (!isJson) return { wrapper: { success: true, traceId: traceId ?? '' }, status };
      if (!isWrapper(parsed))
        return { wrapper: { success: true, traceId: traceId ?? '', data: parsed }, status };
      if (parsed.success)
        return { wrapper: { success: true, traceId: traceId ?? '', data: parsed.data }, status };
      return { wrapper: failure(str(parsed.errCode) ?? TRANSPORT_CODES.httpError, details), status };
    }
    if (status === 401) return { wrapper: failure(TRANSPORT_CODES.unauthorized, details), status };
    if (status === 429) return { wrapper: failure(TRANSPORT_CODES.rateLimited, details), status };
    const code = isWrapper(parsed) ? str(parsed.errCode) : undefined;
    return {
      wrapper: failure(code ?? TRANSPORT_CODES.httpError, code ? details : { traceId, stack: details.stack }),
      status,
    };
  }

  async function exchange(
    id: RouteId,
    input: LooseInput | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Outcome> {
    const route = routeIndex[id];
    try {
      let outcome = await read(await send(route, input, signal));
      // Sign-in and refresh calls (auth 'none') never trigger a refresh: that would wait on itself.
      if (outcome.status === 401 && route.auth !== 'none' && (await refreshSession())) {
        outcome = await read(await send(route, input, signal));
      }
      return outcome;
    } catch (error) {
      return { wrapper: failure(TRANSPORT_CODES.thrown, {}), cause: error };
    }
  }

  function toError(outcome: Outcome): ApiError {
    const { wrapper } = outcome;
    return new ApiError(wrapper.errCode ?? TRANSPORT_CODES.httpError, wrapper.errMsg, {
      ...(wrapper.traceId ? { traceId: wrapper.traceId } : {}),
      ...(outcome.status !== undefined ? { status: outcome.status } : {}),
      ...(wrapper.stack ? { serverStack: wrapper.stack } : {}),
      ...(outcome.cause !== undefined ? { cause: outcome.cause } : {}),
    });
  }

  return {
    async call<K extends RouteId>(id: K, input?: CallInput<K>, init?: { signal?: AbortSignal }) {
      const outcome = await exchange(id, input, init?.signal);
      if (!outcome.wrapper.success) throw toError(outcome);
      return outcome.wrapper.data as RouteResponse<Routes[K]>;
    },
    async request<K extends RouteId>(id: K, input?: CallInput<K>, init?: { signal?: AbortSignal }) {
      const outcome = await exchange(id, input, init?.signal);
      return outcome.wrapper as ApiResponse<RouteResponse<Routes[K]>>;
    },
    url<K extends RouteId>(id: K, input?: CallInput<K>) {
      return urlOf(routeIndex[id], input);
    },
  };
}
