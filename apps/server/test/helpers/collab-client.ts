/**
 * A Yjs client of the `/collab` endpoint for tests and benchmarks: @hocuspocus/provider over the
 * `ws` package, authenticated with a token from GET /v1/collab/getToken, with helpers to wait for
 * sync, for acknowledgement of local edits, and for a condition on the shared document.
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket, MessageType } from '@hocuspocus/provider';
import * as decoding from 'lib0/decoding';
import WebSocket from 'ws';
import * as Y from 'yjs';
import type { TestClient } from './http.js';

export interface CollabClient {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** Stateless messages the server sent (JSON strings). */
  stateless: string[];
  /** Reasons of close messages for this document. */
  closes: string[];
  /** Resolves when every local change has been acknowledged by the server. */
  acknowledged(timeoutMs?: number): Promise<void>;
  /** How many of this client's updates the server answered as not applied (read-only). */
  refusals(): number;
  /** Keeps the client from reconnecting when the server goes away (crash tests). */
  stopReconnecting(): void;
  destroy(): void;
}

export interface ConnectResult {
  client: CollabClient | null;
  /** Set when the server refused the connection. */
  denied?: string;
  readOnly: boolean;
}

export async function waitUntil(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Connects to a document with a token (or the given one) and waits for sync or refusal. */
export async function connectCollab(
  api: TestClient,
  name: string,
  opts: { token?: string; url?: string; timeoutMs?: number } = {},
): Promise<ConnectResult> {
  const issued = opts.token && opts.url ? null : await api.api.call('collab.getToken');
  const url = opts.url ?? issued!.url;
  const token = opts.token ?? issued!.token;
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: WebSocket, maxAttempts: 1 });
  const doc = new Y.Doc();
  const stateless: string[] = [];
  const closes: string[] = [];
  let denied: string | undefined;
  let readOnly = false;
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name,
    document: doc,
    token,
    onStateless: ({ payload }) => void stateless.push(payload),
    onAuthenticationFailed: ({ reason }) => void (denied = reason),
    onAuthenticated: ({ scope }) => void (readOnly = scope === 'readonly'),
    onClose: ({ event }) => void closes.push(String(event.reason)),
  });
  // the server answers each update with a sync status: applied (1) or refused (0)
  let refusals = 0;
  provider.on('message', ({ event }: { event: MessageEvent }) => {
    const decoder = decoding.createDecoder(new Uint8Array(event.data as ArrayBuffer));
    decoding.readVarString(decoder);
    if (decoding.readVarUint(decoder) === MessageType.SyncStatus && decoding.readVarInt(decoder) === 0)
      refusals += 1;
  });
  provider.attach();
  const destroy = () => {
    provider.destroy();
    socket.destroy();
  };
  try {
    await waitUntil(
      () => provider.isSynced || denied !== undefined,
      opts.timeoutMs ?? 10_000,
      `sync of ${name}`,
    );
  } catch (err) {
    destroy();
    throw err;
  }
  if (denied !== undefined) {
    destroy();
    return { client: null, denied, readOnly };
  }
  const client: CollabClient = {
    doc,
    provider,
    stateless,
    closes,
    acknowledged: (timeoutMs = 5000) =>
      waitUntil(() => !provider.hasUnsyncedChanges, timeoutMs, 'acknowledgement'),
    refusals: () => refusals,
    stopReconnecting: () => void (socket.shouldConnect = false),
    destroy,
  };
  return { client, readOnly };
}

/** Like connectCollab, but throws unless the connection was accepted. */
export async function openCollab(api: TestClient, name: string): Promise<CollabClient> {
  const result = await connectCollab(api, name);
  if (!result.client) throw new Error(`collab connection to ${name} refused: ${result.denied}`);
  return result.client;
}
