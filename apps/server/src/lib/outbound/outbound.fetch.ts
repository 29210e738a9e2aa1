/**
 * `outboundFetch`: the WHATWG fetch every request to a user-influenced address goes through. It
 * connects only to addresses the policy allows (outbound.agent.ts), follows redirects by hand and
 * re-checks every hop, caps the whole exchange in time and the (decoded) body in bytes, and keeps
 * the body a stream, so server-sent events from model providers still arrive as they come.
 */
import { isIP } from 'node:net';
import type { Agent } from 'undici';
import { bareHost } from './outbound.address.js';
import { createOutboundAgent, sharedAgent } from './outbound.agent.js';
import { OutboundFailedError, OutboundRefusedError } from './outbound.errors.js';
import { resolveChecked, type OutboundPolicy } from './outbound.resolve.js';

export const DEFAULT_MAX_REDIRECTS = 5;
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

export interface OutboundOptions extends OutboundPolicy {
  /** Deadline of the whole exchange, body included; none when absent (the caller's signal rules). */
  timeoutMs?: number;
  /** Largest body read (after gzip/deflate/br decoding); DEFAULT_MAX_BYTES when absent. */
  maxBytes?: number;
  maxRedirects?: number;
}

export type FetchFn = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 204, 205, 304]);
// Headers kept when a redirect leaves the origin: API keys travel in many custom headers.
const CROSS_ORIGIN_SAFE = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'content-type',
  'user-agent',
]);

function parseHttpUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new OutboundRefusedError('scheme', `Not a valid URL: ${raw.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefusedError('scheme', `Only http and https links can be fetched, not ${url.protocol}`);
  }
  return url;
}

/** The policy's refusal or failure behind undici's generic "fetch failed". */
function unwrap(err: unknown, url: URL): Error {
  const cause = err instanceof Error ? err.cause : undefined;
  if (cause instanceof OutboundRefusedError || cause instanceof OutboundFailedError) return cause;
  if (err instanceof OutboundRefusedError || err instanceof OutboundFailedError) return err;
  const code = (cause as { code?: unknown } | undefined)?.code;
  const reason = typeof code === 'string' ? code : err instanceof Error ? err.message : 'network error';
  return new OutboundFailedError('network', `Cannot reach ${url.origin} (${reason})`);
}

interface Exchange {
  signal: AbortSignal;
  /** The error to throw when our own signal ended the exchange (timeout), else null. */
  failure(): Error | null;
  done(): void;
}

function startExchange(
  opts: OutboundOptions,
  callerSignal: AbortSignal | null | undefined,
  agent: Agent,
  own: boolean,
): Exchange {
  const controller = new AbortController();
  let failure: Error | null = null;
  const onAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onAbort();
  else callerSignal?.addEventListener('abort', onAbort, { once: true });
  const timer =
    opts.timeoutMs === undefined
      ? null
      : setTimeout(() => {
          failure = new OutboundFailedError('timeout', `Timed out after ${opts.timeoutMs} ms`);
          controller.abort(failure);
        }, opts.timeoutMs);
  timer?.unref();
  let finished = false;
  return {
    signal: controller.signal,
    failure: () => failure,
    done: () => {
      if (finished) return;
      finished = true;
      if (timer) clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onAbort);
      if (own) void agent.close().catch(() => undefined);
    },
  };
}

/** The body as a stream that errors past maxBytes and ends the exchange when it ends. */
function cappedBody(res: Response, maxBytes: number, ex: Exchange): ReadableStream<Uint8Array> | null {
  const body = res.body;
  if (!body) {
    ex.done();
    return null;
  }
  const reader = body.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          ex.done();
          controller.close();
          return;
        }
        size += value.byteLength;
        if (size > maxBytes) {
          const err = new OutboundFailedError('too-large', `The response is larger than ${maxBytes} bytes`);
          ex.done();
          controller.error(err);
          await reader.cancel(err).catch(() => undefined);
          return;
        }
        controller.enqueue(value);
      } catch (err) {
        ex.done();
        controller.error(ex.failure() ?? err);
      }
    },
    async cancel(reason) {
      ex.done();
      await reader.cancel(reason).catch(() => undefined);
    },
  });
}

function wrapResponse(res: Response, url: URL, maxBytes: number, ex: Exchange): Response {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > maxBytes && !res.headers.get('content-encoding')) {
    ex.done();
    void res.body?.cancel().catch(() => undefined);
    throw new OutboundFailedError('too-large', `The response is larger than ${maxBytes} bytes`);
  }
  const body = NULL_BODY.has(res.status)
    ? (void res.body?.cancel().catch(() => undefined), ex.done(), null)
    : cappedBody(res, maxBytes, ex);
  const out = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  Object.defineProperty(out, 'url', { value: url.toString() });
  return out;
}

/** The request's parts, kept replayable for 307/308 redirects where the body allows it. */
async function requestParts(input: string | URL | Request, init: RequestInit) {
  if (!(input instanceof Request)) {
    return {
      url: String(input),
      method: (init.method ?? 'GET').toUpperCase(),
      headers: new Headers(init.headers),
      body: init.body ?? null,
    };
  }
  const req = new Request(input, init);
  const body = req.body ? await req.arrayBuffer() : null;
  return { url: req.url, method: req.method, headers: new Headers(req.headers), body };
}

/**
 * fetch() under the policy. Rejects with OutboundRefusedError (address or scheme refused, nothing
 * sent there) or OutboundFailedError (timeout, size, redirects, network); a caller's abort rejects
 * with the caller's reason, as fetch does. The answer's body errors with OutboundFailedError past
 * maxBytes or the deadline.
 */
export async function outboundFetch(
  input: string | URL | Request,
  init: RequestInit = {},
  opts: OutboundOptions,
): Promise<Response> {
  const parts = await requestParts(input, init);
  const own = Boolean(opts.isBlocked || opts.resolve);
  const agent = await (own ? createOutboundAgent(opts) : sharedAgent(opts.allowPrivate));
  const callerSignal = init.signal ?? (input instanceof Request ? input.signal : undefined);
  const ex = startExchange(opts, callerSignal, agent, own);
  const maxRedirects = opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let { method, body } = parts;
  const headers = parts.headers;
  try {
    let url = parseHttpUrl(parts.url);
    for (let hop = 0; ; hop++) {
      // IP literals are judged here too, for a clear error before undici is involved.
      if (isIP(bareHost(url.hostname))) await resolveChecked(url.hostname, opts);
      let res: Response;
      try {
        res = await fetch(url, {
          ...init,
          method,
          headers,
          body,
          redirect: 'manual',
          signal: ex.signal,
          // npm undici and Node's bundled undici are both 6.x: the same dispatcher interface
          dispatcher: agent,
        } as RequestInit);
      } catch (err) {
        if (callerSignal?.aborted) throw err;
        throw ex.failure() ?? unwrap(err, url);
      }
      const location = res.headers.get('location');
      if (!REDIRECTS.has(res.status) || !location || init.redirect === 'manual') {
        if (REDIRECTS.has(res.status) && location && init.redirect === 'error') {
          throw new OutboundFailedError('redirects', `${url.origin} answered a redirect`);
        }
        return wrapResponse(res, url, opts.maxBytes ?? DEFAULT_MAX_BYTES, ex);
      }
      await res.body?.cancel().catch(() => undefined);
      if (hop >= maxRedirects)
        throw new OutboundFailedError('redirects', `More than ${maxRedirects} redirects`);
      const next = parseHttpUrl(location, url);
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        if (method !== 'HEAD') method = 'GET';
        body = null;
        headers.delete('content-type');
        headers.delete('content-length');
      } else if (body instanceof ReadableStream) {
        throw new OutboundFailedError(
          'redirects',
          `${url.origin} redirected a request whose body cannot be sent twice`,
        );
      }
      if (next.origin !== url.origin) {
        const names: string[] = [];
        headers.forEach((_value, name) => names.push(name));
        for (const name of names) if (!CROSS_ORIGIN_SAFE.has(name)) headers.delete(name);
      }
      url = next;
    }
  } catch (err) {
    ex.done();
    throw err;
  }
}

/** A fetch function with fixed options, for libraries that take one (the AI SDK's `fetch`). */
export function createOutboundFetch(opts: OutboundOptions): FetchFn {
  return (input, init) => outboundFetch(input, init, opts);
}
