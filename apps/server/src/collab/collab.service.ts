/**
 * The collaboration service of one process: a Hocuspocus instance whose hooks authenticate with
 * collab tokens, load and store Yjs state in Postgres (every client update logged before it is
 * acknowledged), refuse edits past the canvas node limit or the content limit, and derive
 * snapshots on store. The API reads and writes documents through it (`read`, `write`), so open
 * editors see API changes. Every process has one; only the `collab` role accepts WebSockets.
 * Who may connect, and as whom, is collab.connections.ts; what the API does to open connections
 * in every process (read-only, close, share rechecks) is collab.control.ts.
 */
import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import {
  Hocuspocus,
  type Document,
  type Extension,
  type beforeHandleMessagePayload,
  type onDisconnectPayload,
  type onLoadDocumentPayload,
  type onStoreDocumentPayload,
} from '@hocuspocus/server';
import { Redis as IORedis } from 'ioredis';
import * as Y from 'yjs';
import { yDocToMarkdown } from '@atelier/editor';
import type { AppContext } from '../context.js';
import { CollabDenied, CollabConnections, editorUidOf } from './collab.connections.js';
import { ConnectionControl } from './collab.control.js';
import { contentLength, writeDerived, type DerivedInfo } from './collab.derive.js';
import {
  CollabRefusal,
  EditGuard,
  StatelessRefusal,
  contentLimitRefusal,
  statelessAllowed,
  syncUpdateOf,
} from './collab.guard.js';
import { UpdateLogWriter } from './collab.log.js';
import { EditTracker } from './collab.versions.js';
import { errorMessageText } from './collab.messages.js';
import { parseCollabName, type CollabTarget } from './collab.names.js';
import {
  appendUpdates,
  deleteState,
  loadDoc,
  loadState,
  namesWithPendingLog,
  storeState,
} from './collab.store.js';

export type CollabContext = Pick<AppContext, 'db' | 'config' | 'log' | 'secrets' | 'clock'>;

/** Debounce of the store that folds the update log into the state (acknowledged edits are already logged). */
export const STORE_DEBOUNCE_MS = 2_000;
export const STORE_MAX_DEBOUNCE_MS = 10_000;
/** How long shutdown waits for documents to unload after their last store. */
const UNLOAD_WAIT_MS = 3_000;

/** A document held open by the server (see CollabService.openLive). */
export interface LiveDocument {
  change(change: (doc: Y.Doc) => void): Promise<void>;
  snapshot(): Promise<void>;
  read<T>(fn: (doc: Y.Doc) => T): T;
  close(): void;
}

export class CollabService {
  readonly hocuspocus: Hocuspocus;
  /** When automatic versions are due (the version module records them). */
  readonly edits: EditTracker;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly log: UpdateLogWriter;
  private readonly guard: EditGuard;
  private readonly connections: CollabConnections;
  private readonly control: ConnectionControl;
  private closed = false;
  /** The last write queued per document name (write runs them in turn). */
  private readonly writing = new Map<string, Promise<void>>();

  constructor(private readonly ctx: CollabContext) {
    this.guard = new EditGuard(ctx.config.CANVAS_MAX_NODES);
    this.log = new UpdateLogWriter((name, updates) => appendUpdates(ctx.db, name, updates));
    this.connections = new CollabConnections(ctx);
    this.edits = new EditTracker(
      ctx.clock,
      ctx.config.VERSION_INTERVAL_MINUTES * 60_000,
      (work) => void this.track(work),
      (err, name) => ctx.log.error({ err, documentName: name }, 'taking an automatic version failed'),
    );
    const extensions: Extension[] = [];
    const redisUrl = ctx.config.REDIS_URL;
    if (redisUrl) {
      // Fan-out between collab instances; also carries API writes from api-only processes.
      extensions.push(
        new RedisExtension({
          createClient: () => new IORedis(redisUrl, { maxRetriesPerRequest: null }),
          prefix: `${ctx.config.REDIS_PREFIX}-collab`,
        }),
      );
    }
    this.hocuspocus = new Hocuspocus({
      name: 'atelier',
      quiet: true,
      debounce: STORE_DEBOUNCE_MS,
      maxDebounce: STORE_MAX_DEBOUNCE_MS,
      extensions,
      onAuthenticate: (data) => this.connections.authenticate(data),
      connected: async ({ connection, documentName, context }) =>
        this.connections.connected(connection, documentName, context),
      onLoadDocument: (data) => this.load(data),
      beforeHandleMessage: (data) => this.beforeMessage(data),
      onStoreDocument: (data) => this.store(data),
      onDisconnect: async (data) => this.disconnected(data),
      afterUnloadDocument: async ({ documentName }) => this.guard.forget(documentName),
    });
    this.control = new ConnectionControl(this.hocuspocus, this.connections, ctx);
  }

  private get db() {
    return this.ctx.db;
  }

  /** Logs an update of `name` after every earlier one (arrival order); resolves once it is durable. */
  private append(name: string, update: Uint8Array): Promise<void> {
    return this.track(this.log.append(name, update));
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    const done = () => this.pending.delete(promise);
    void promise.then(done, done);
    return promise;
  }

  private async load({ documentName, document }: onLoadDocumentPayload): Promise<void> {
    const target = parseCollabName(documentName);
    if (!target) throw new CollabDenied('unknown-document');
    const state = await loadState(this.db, documentName);
    if (state) Y.applyUpdate(document, state);
    this.connections.namePresence(document);
    if (target.kind === 'doc') this.guard.measured(documentName, contentLength(yDocToMarkdown(document)));
  }

  private beforeMessage({
    documentName,
    document,
    update,
    connection,
    context,
  }: beforeHandleMessagePayload): Promise<void> {
    this.connections.noteSender(connection, context);
    if (!statelessAllowed(update, connection.readOnly)) {
      this.ctx.log.info({ documentName }, 'collab stateless message from a client refused');
      return Promise.reject(new StatelessRefusal());
    }
    // A read-only connection's edits are refused by Hocuspocus itself (and never logged).
    if (connection.readOnly) return Promise.resolve();
    const payload = syncUpdateOf(update);
    // [0, 0] is an empty update: a client in sync answering the server's sync step.
    if (!payload || (payload.length === 2 && payload[0] === 0 && payload[1] === 0)) return Promise.resolve();
    const target = parseCollabName(documentName);
    if (!target) return Promise.reject(new CollabDenied('unknown-document'));
    try {
      // updates accepted earlier but still being logged are not in `document` yet: they count
      this.guard.check(target, documentName, document, payload, this.log.unsettled(documentName));
    } catch (err) {
      if (err instanceof CollabRefusal) {
        connection.sendStateless(errorMessageText(err.errCode, err.reason));
        this.ctx.log.info({ documentName, reason: err.reason }, 'collab edit refused');
      }
      return Promise.reject(err);
    }
    this.edits.edited(documentName, editorUidOf(context));
    // Acknowledged only once logged; updates arriving meanwhile are logged together after it.
    return this.append(documentName, payload);
  }

  /** The last writable socket of a document left: an automatic version of its edits (collab.versions.ts). */
  private disconnected({ document, documentName, socketId }: onDisconnectPayload): void {
    // the server's own direct connections are not editors leaving
    if (socketId === 'server') return;
    if (document.getConnections().some((connection) => !connection.readOnly)) return;
    this.edits.lastEditorLeft(documentName);
  }

  private async store({ documentName, document }: onStoreDocumentPayload): Promise<void> {
    const target = parseCollabName(documentName);
    if (!target) return;
    // Never throw: Hocuspocus runs debounced stores unawaited. What was acknowledged is in the log.
    try {
      await this.track(this.persist(target, documentName, document));
    } catch (err) {
      this.ctx.log.error(
        { err, documentName },
        'storing a collaborative document failed; its update log keeps the edits',
      );
    }
  }

  private async persist(target: CollabTarget, name: string, document: Y.Doc): Promise<void> {
    let info: DerivedInfo = { exists: true };
    try {
      info = await writeDerived(this.db, target, document);
    } catch (err) {
      // The state is what matters; a snapshot that cannot be derived must not keep it from storing.
      this.ctx.log.error({ err, documentName: name }, 'deriving a snapshot failed');
    }
    if (!info.exists) {
      // Deleted while open: drop what is left rather than resurrect its state.
      await deleteState(this.db, [name]);
      return;
    }
    await storeState(this.db, name, Y.encodeStateAsUpdate(document));
    if (info.contentLength !== undefined) this.guard.measured(name, info.contentLength);
    if (info.contentTooLarge) {
      this.ctx.log.warn(
        { documentName: name, length: info.contentLength },
        'document over the content limit; snapshot kept',
      );
      const live = this.hocuspocus.documents.get(name);
      live?.broadcastStateless(errorMessageText('E2004', contentLimitRefusal().reason));
    }
    if (info.nodeCount !== undefined && info.nodeCount > this.ctx.config.CANVAS_MAX_NODES) {
      this.ctx.log.warn({ documentName: name, nodes: info.nodeCount }, 'canvas over the node limit');
    }
  }

  /** Runs `fn` on the current state: the live document when loaded here, else a copy from the database. */
  async read<T>(name: string, fn: (doc: Y.Doc) => T): Promise<T> {
    const live = this.hocuspocus.documents.get(name);
    if (live) return fn(live);
    const doc = await loadDoc(this.db, name);
    try {
      return fn(doc);
    } finally {
      doc.destroy();
    }
  }

  /**
   * Changes a document as the server: `change` runs on a copy to compute the update, which is
   * logged (durable) and then applied to the live document, so connected editors see it, and
   * stored at once. Throws what `change` throws, before anything is written. Writes to one
   * document run one after another, so a change computed from the document (where a new node
   * goes: an agent's tool calls run in parallel) sees every earlier write.
   */
  write(name: string, change: (doc: Y.Doc) => void): Promise<void> {
    const run = (this.writing.get(name) ?? Promise.resolve()).then(async () => {
      const live = await this.openLive(name);
      try {
        await live.change(change);
      } finally {
        live.close();
      }
    });
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.writing.set(name, settled);
    void settled.then(() => {
      if (this.writing.get(name) === settled) this.writing.delete(name);
    });
    return run;
  }

  /**
   * Holds a document open as the server for a series of changes (an AI writing into it while it
   * streams): each `change` is logged and applied like `write`; `snapshot` refreshes the derived
   * Markdown and preview at once; `close` lets the document unload when nobody else has it open.
   */
  async openLive(name: string): Promise<LiveDocument> {
    if (this.closed) throw new Error('The collaboration service is closed');
    const connection = await this.hocuspocus.openDirectConnection(name, { uid: 'server' });
    let open = true;
    return {
      change: async (change) => {
        const live = connection.document;
        if (!open || !live) throw new Error('direct connection closed');
        const copy = new Y.Doc();
        let update: Uint8Array;
        try {
          Y.applyUpdate(copy, Y.encodeStateAsUpdate(live));
          const before = Y.encodeStateVector(copy);
          change(copy);
          update = Y.encodeStateAsUpdate(copy, before);
        } finally {
          copy.destroy();
        }
        // [0, 0]: nothing changed
        if (update.length === 2 && update[0] === 0 && update[1] === 0) return;
        await this.append(name, update);
        this.edits.edited(name, null);
        await connection.transact((doc) => Y.applyUpdate(doc, update));
      },
      snapshot: async () => {
        const target = parseCollabName(name);
        const live = connection.document;
        if (!target || !live) return;
        await this.track(this.persist(target, name, live));
      },
      read: <T>(fn: (doc: Y.Doc) => T): T => {
        const live = connection.document;
        if (!live) throw new Error('direct connection closed');
        return fn(live);
      },
      close: () => {
        if (!open) return;
        open = false;
        // Unloading may wait (the Redis extension delays it); the state is stored already.
        this.track(connection.disconnect()).catch((err: unknown) =>
          this.ctx.log.warn({ err, name }, 'direct connection close failed'),
        );
      },
    };
  }

  /** Names of the documents open on this server right now (their newest state is not stored yet). */
  openNames(): string[] {
    return [...this.hocuspocus.documents.keys()];
  }

  /**
   * Makes open connections of `name` read-only (or writable again) without reconnecting, in
   * every process, and tells their clients (a `readOnly` stateless message).
   */
  setReadOnly(name: string, readOnly: boolean): void {
    this.control.setReadOnly(name, readOnly);
  }

  /** Closes every connection of `name` (the document was deleted), in every process. */
  disconnectAll(name: string): void {
    this.control.disconnectAll(name);
  }

  /** Closes the connections a share link opened on `name` (revoked, no longer live or open), in every process. */
  closeShareConnections(name: string, shareId: string): void {
    this.control.closeShareConnections(name, shareId);
  }

  /**
   * Re-arms the expiry timers of the connections a share link opened on `name` (the share was
   * changed but stays open: its expiry may be sooner now), in every process.
   */
  recheckShareConnections(name: string, shareId: string): void {
    this.control.recheckShareConnections(name, shareId);
  }

  /** Folds update logs left by a crash into their states (and refreshes derived snapshots). */
  async recoverPendingLogs(): Promise<number> {
    let count = 0;
    for (const name of await namesWithPendingLog(this.db)) {
      const target = parseCollabName(name);
      if (!target || this.hocuspocus.documents.has(name)) continue;
      const doc = await loadDoc(this.db, name);
      try {
        await this.persist(target, name, doc);
        count += 1;
      } finally {
        doc.destroy();
      }
    }
    return count;
  }

  /** Flushes pending stores and waits for them; connections are closed by the WebSocket layer. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // nothing is published from here on; other processes' controls have no connection left to act on
    const controlClosed = this.control.close();
    this.hocuspocus.closeConnections();
    // Closing runs Hocuspocus's own "store now" for each document; let those start first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    // edits not yet in a version get one before the database closes
    this.edits.flush();
    for (const document of [...this.hocuspocus.documents.values()]) await this.flush(document);
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
    // Let documents finish unloading (the Redis extension unsubscribes then) before it disconnects.
    const { documents, unloadingDocuments } = this.hocuspocus;
    // bounds a real wait at shutdown: monotonic time, not the app's clock
    const deadline = performance.now() + UNLOAD_WAIT_MS;
    while ((documents.size > 0 || unloadingDocuments.size > 0) && performance.now() < deadline) {
      await Promise.allSettled([...unloadingDocuments.values()]);
      await new Promise<void>((resolve) => setTimeout(resolve, 20));
    }
    await this.hocuspocus.hooks('onDestroy', { instance: this.hocuspocus });
    await controlClosed;
  }

  private async flush(document: Document): Promise<void> {
    const id = `onStoreDocument-${document.name}`;
    const { debouncer } = this.hocuspocus;
    if (debouncer.isDebounced(id)) await Promise.resolve(debouncer.executeNow(id)).catch(() => undefined);
    await document.saveMutex.waitForUnlock();
  }
}
