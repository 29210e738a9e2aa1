/**
 * The client side of MCP: `connectMcp(target, options)` opens a client to a configured server
 * (streamable HTTP, or the older HTTP+SSE transport for `type: 'sse'`), lists its tools, calls a
 * tool with a timeout and a cap on the result's size, and closes. Every request goes through the
 * safe outbound module (`createOutboundFetch`): a private address is refused unless the instance
 * allows it. `McpClientPool` keeps one connection per server for the length of a run (the agent
 * skill opens it at the start and closes it at the end).
 *
 * Failures are `McpConnectError` with a kind the caller can show: refused (address policy),
 * unreachable, timeout, auth (401/403), not-mcp (something answered, but not MCP).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  OutboundFailedError,
  OutboundRefusedError,
  createOutboundFetch,
  type FetchFn,
} from '../../lib/outbound/index.js';

export interface McpTarget {
  name: string;
  type: 'sse' | 'streamable';
  url: string;
  headers?: Record<string, string> | null;
  /**
   * The server's `reconnect` settings: when enabled, a connection that fails for a passing reason
   * (unreachable, timeout, not answering MCP) is tried again up to maxAttempts more times,
   * delayMs apart. A refused address or a refused login is not retried.
   */
  reconnect?: { enabled: boolean; maxAttempts: number; delayMs: number } | null;
}

export interface McpClientOptions {
  /** false: refuse loopback, private and link-local addresses (MCP_ALLOW_PRIVATE_NETWORK). */
  allowPrivateNetwork: boolean;
  /** Deadline of connecting (initialize) and of listing tools. */
  timeoutMs: number;
  /** Deadline of one tool call. */
  toolTimeoutMs: number;
  /** Largest tool result kept, in bytes of its text. */
  maxResultBytes: number;
}

export type McpFailureKind = 'refused' | 'unreachable' | 'timeout' | 'auth' | 'not-mcp';

export class McpConnectError extends Error {
  constructor(
    readonly kind: McpFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'McpConnectError';
  }
}

export interface McpToolInfo {
  name: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
}

export interface McpToolResult {
  /** The result's content as text (images and resources described in a line). */
  text: string;
  isError: boolean;
  /** True when the text was cut at maxResultBytes. */
  truncated: boolean;
  /** Size of the whole text before any cut. */
  bytes: number;
}

export interface McpConnection {
  readonly name: string;
  listTools(): Promise<McpToolInfo[]>;
  callTool(
    name: string,
    args?: Record<string, unknown>,
    opts?: { signal?: AbortSignal },
  ): Promise<McpToolResult>;
  close(): Promise<void>;
}

const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return 'the server';
  }
};

/** What the transport's fetches saw: the first refusal or failure, and the last HTTP answer. */
interface Observed {
  refusal: OutboundRefusedError | null;
  failure: OutboundFailedError | null;
  status: number | null;
  contentType: string | null;
}

/** The safe fetch for the SDK's transports, noting what happened for the error message. */
function observingFetch(opts: McpClientOptions, seen: Observed): FetchFn {
  const safe = createOutboundFetch({ allowPrivate: opts.allowPrivateNetwork });
  return async (input, init) => {
    try {
      const res = await safe(input, init);
      seen.status = res.status;
      seen.contentType = res.headers.get('content-type');
      return res;
    } catch (err) {
      if (err instanceof OutboundRefusedError) seen.refusal ??= err;
      else if (err instanceof OutboundFailedError) seen.failure ??= err;
      throw err;
    }
  };
}

const PRIVATE_NOT_ALLOWED = 'which this instance does not allow (MCP_ALLOW_PRIVATE_NETWORK=false)';

/** One clear message for a failed connection, from what the fetches saw and what the SDK threw. */
function classify(err: unknown, target: McpTarget, seen: Observed, timedOut: boolean, timeoutMs: number) {
  if (err instanceof McpConnectError) return err;
  const origin = originOf(target.url);
  if (seen.refusal) {
    return new McpConnectError(
      'refused',
      seen.refusal.reason === 'private'
        ? `${origin} is a private network address, ${PRIVATE_NOT_ALLOWED}`
        : seen.refusal.message,
    );
  }
  if (timedOut || seen.failure?.reason === 'timeout' || isSdkTimeout(err)) {
    return new McpConnectError('timeout', `${origin} did not answer within ${formatSeconds(timeoutMs)}`);
  }
  if (seen.status === 401 || seen.status === 403) {
    return new McpConnectError(
      'auth',
      `${origin} refused the credentials (HTTP ${seen.status}); check the headers`,
    );
  }
  if (seen.status !== null) {
    const type = seen.contentType ? `, ${seen.contentType.split(';')[0]}` : '';
    return new McpConnectError(
      'not-mcp',
      `${origin} answered, but not as an MCP server (HTTP ${seen.status}${type}); check the URL and the type`,
    );
  }
  if (seen.failure) return new McpConnectError('unreachable', seen.failure.message);
  const detail = err instanceof Error ? err.message : String(err);
  return new McpConnectError('unreachable', `Cannot reach ${origin} (${detail.slice(0, 200)})`);
}

function isSdkTimeout(err: unknown): boolean {
  return err instanceof Error && (err as { code?: unknown }).code === -32001; /* ErrorCode.RequestTimeout */
}

function formatSeconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

/** Runs `work` under a deadline; on expiry calls `onTimeout` and rejects with a marker. */
async function withDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new DeadlineError());
    }, ms);
    timer.unref?.();
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

class DeadlineError extends Error {}

/** Cuts `text` to at most `max` UTF-8 bytes without splitting a character. */
export function capUtf8(text: string, max: number): { text: string; bytes: number; truncated: boolean } {
  const buf = Buffer.from(text, 'utf8');
  if (buf.byteLength <= max) return { text, bytes: buf.byteLength, truncated: false };
  let end = max;
  while (end > 0 && (buf[end]! & 0xc0) === 0x80) end--;
  return { text: buf.subarray(0, end).toString('utf8'), bytes: buf.byteLength, truncated: true };
}

interface ContentPart {
  type: string;
  text?: string;
  mimeType?: string;
  resource?: { uri?: string; text?: string; mimeType?: string };
  uri?: string;
  name?: string;
}

/** A tool result's content as one text: text parts as they are, other parts described. */
function resultText(result: {
  content?: unknown;
  structuredContent?: unknown;
  toolResult?: unknown;
}): string {
  const parts = Array.isArray(result.content) ? (result.content as ContentPart[]) : [];
  const lines = parts.map((part) => {
    if (part.type === 'text') return part.text ?? '';
    if (part.type === 'image' || part.type === 'audio')
      return `[${part.type}: ${part.mimeType ?? 'unknown'}]`;
    if (part.type === 'resource') return part.resource?.text ?? `[resource: ${part.resource?.uri ?? ''}]`;
    if (part.type === 'resource_link') return `[resource link: ${part.name ?? ''} ${part.uri ?? ''}]`;
    return `[${part.type}]`;
  });
  if (!lines.length && result.structuredContent !== undefined)
    return JSON.stringify(result.structuredContent);
  if (!lines.length && result.toolResult !== undefined) return JSON.stringify(result.toolResult);
  return lines.join('\n');
}

async function openTransport(target: McpTarget, fetchFn: FetchFn): Promise<Transport> {
  const url = new URL(target.url);
  const requestInit: RequestInit = target.headers ? { headers: { ...target.headers } } : {};
  if (target.type === 'sse') {
    const { SSEClientTransport } = await import('@modelcontextprotocol/sdk/client/sse.js');
    return new SSEClientTransport(url, { fetch: fetchFn, requestInit });
  }
  const { StreamableHTTPClientTransport } =
    await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  return new StreamableHTTPClientTransport(url, { fetch: fetchFn, requestInit });
}

/**
 * Opens a client to `target` and initializes it within `timeoutMs`. Rejects with McpConnectError.
 */
export async function connectMcp(target: McpTarget, opts: McpClientOptions): Promise<McpConnection> {
  const seen: Observed = { refusal: null, failure: null, status: null, contentType: null };
  const fetchFn = observingFetch(opts, seen);
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const client: Client = new Client({ name: 'atelier', version: '1.0.0' }, { capabilities: {} });
  let timedOut = false;
  const fail = (err: unknown) => classify(err, target, seen, timedOut, opts.timeoutMs);
  try {
    const transport = await openTransport(target, fetchFn);
    await withDeadline(client.connect(transport, { timeout: opts.timeoutMs }), opts.timeoutMs, () => {
      timedOut = true;
      void client.close().catch(() => undefined);
    });
  } catch (err) {
    await client.close().catch(() => undefined);
    throw fail(err);
  }

  return {
    name: target.name,
    async listTools() {
      const tools: McpToolInfo[] = [];
      try {
        let cursor: string | undefined;
        // A server may page its tools; a bounded number of pages keeps a bad one from looping.
        for (let page = 0; page < 50; page++) {
          const res = await withDeadline(
            client.listTools(cursor ? { cursor } : undefined, { timeout: opts.timeoutMs }),
            opts.timeoutMs,
            () => {
              timedOut = true;
            },
          );
          for (const t of res.tools) {
            tools.push({
              name: t.name,
              ...(t.description ? { description: t.description } : {}),
              inputSchema: t.inputSchema as Record<string, unknown>,
            });
          }
          cursor = res.nextCursor;
          if (!cursor) break;
        }
      } catch (err) {
        throw fail(err);
      }
      return tools;
    },
    async callTool(name, args = {}, callOpts = {}) {
      let result;
      try {
        result = await client.callTool({ name, arguments: args }, undefined, {
          timeout: opts.toolTimeoutMs,
          ...(callOpts.signal ? { signal: callOpts.signal } : {}),
        });
      } catch (err) {
        if (callOpts.signal?.aborted) throw err;
        if (isSdkTimeout(err)) {
          throw new McpConnectError(
            'timeout',
            `The tool ${name} of ${target.name} did not answer within ${formatSeconds(opts.toolTimeoutMs)}`,
          );
        }
        throw fail(err);
      }
      const capped = capUtf8(resultText(result), opts.maxResultBytes);
      const text = capped.truncated
        ? `${capped.text}\n[cut: the result was ${capped.bytes} bytes; the first ${opts.maxResultBytes} are kept]`
        : capped.text;
      return { text, isError: result.isError === true, truncated: capped.truncated, bytes: capped.bytes };
    },
    close: () => client.close().catch(() => undefined),
  };
}

/**
 * One connection per server name for the length of a run: `get` opens it on first use (a failed
 * open is not kept, so the next `get` tries again), `closeAll` ends them all.
 */
const RETRIED: ReadonlySet<McpFailureKind> = new Set(['unreachable', 'timeout', 'not-mcp']);

/** connectMcp, tried again as the target's `reconnect` settings say. */
export async function connectWithRetries(
  target: McpTarget,
  opts: McpClientOptions,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<McpConnection> {
  const retries = target.reconnect?.enabled ? target.reconnect.maxAttempts : 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await connectMcp(target, opts);
    } catch (err) {
      if (attempt >= retries || !(err instanceof McpConnectError) || !RETRIED.has(err.kind)) throw err;
      await sleep(target.reconnect?.delayMs ?? 0);
    }
  }
}

export class McpClientPool {
  private readonly open = new Map<string, Promise<McpConnection>>();

  constructor(private readonly opts: McpClientOptions) {}

  /** The run's connection to the server, opened on first use (`overrides` apply to that opening). */
  get(target: McpTarget, overrides: Partial<McpClientOptions> = {}): Promise<McpConnection> {
    const known = this.open.get(target.name);
    if (known) return known;
    const opening = connectWithRetries(target, { ...this.opts, ...overrides });
    this.open.set(target.name, opening);
    opening.catch(() => this.open.delete(target.name));
    return opening;
  }

  async closeAll(): Promise<void> {
    const all = [...this.open.values()];
    this.open.clear();
    await Promise.all(all.map((p) => p.then((c) => c.close()).catch(() => undefined)));
  }
}
