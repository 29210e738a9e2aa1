/**
 * The collaboration service of one process: a Hocuspocus instance whose hooks authenticate with
 * collab tokens, load and store Yjs state in Postgres (every client update logged before it is
 * acknowledged), refuse edits past the canvas node limit or the content limit, and derive
 * snapshots on store. The API reads and writes documents through it (`read`, `write`), so open
 * editors see API changes. Every process has one; only the `collab` role accepts WebSockets.
 */
import { randomUUID } from 'node:crypto';
import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import {
  Hocuspocus,
  type Connection,
  type Document,
  type Extension,
  type beforeHandleMessagePayload,
  type connectedPayload,
  type onAuthenticatePayload,
  type onDisconnectPayload,
  type onLoadDocumentPayload,
  type onStoreDocumentPayload,
} from '@hocuspocus/server';
import { Redis as IORedis } from 'ioredis';
import { eq } from 'drizzle-orm';
import * as Y from 'yjs';
import { yDocToMarkdown } from '@atelier/editor';
import type { AppContext } from '../context.js';
import { shares } from '../db/schema/share.js';
import { users } from '../db/schema/users.js';
import { userActor } from '../modules/access/access.js';
import { isFamilyLive } from '../modules/auth/auth.repository.js';
import { collabAccess, verifyCollabToken, verifyShareCollabToken } from './collab.auth.js';
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
import { VIEWER_COLLAB_NAME, collabDisplayName, parseCollabName, type CollabTarget } from './collab.names.js';
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
/**
 * Longest wait of a share connection's expiry timer: a later expiry is reached by asking again then
 * (timers longer than ~24.8 days would fire at once).
 */
const SHARE_RECHECK_MAX_MS = 24 * 60 * 60_000;
/** How long shutdown waits for documents to unload after their last store. */
const UNLOAD_WAIT_MS = 3_000;

/** Refuses a connection; an empty message keeps Hocuspocus from logging every refusal. */
class CollabDenied extends Error {
  constructor(readonly reason: string) {
    super('');
  }
}

/** A document held open by the server (see CollabService.openLive). */
export interface LiveDocument {
  change(change: (doc: Y.Doc) => void): Promise<void>;
  snapshot(): Promise<void>;
  read<T>(fn: (doc: Y.Doc) => T): T;
  close(): void;
}

/**
 * Stateless messages come from the server only: it refuses clients' broadcasts (and a read-only
 * connection's stateless messages), and marks its own with `source: 'server'`; clients ignore
 * stateless messages without it.
 */
export const SERVER_SOURCE = 'server';

/** A stateless message telling a client why its edit was refused. */
export interface CollabErrorMessage {
  source: typeof SERVER_SOURCE;
  type: 'error';
  errCode: 'E0003' | 'E2004';
  message: string;
}

/** A stateless message telling a client that its document became read-only (or writable again). */
export interface CollabReadOnlyMessage {
  source: typeof SERVER_SOURCE;
  type: 'readOnly';
  readOnly: boolean;
}

/**
 * Published between processes (REDIS_URL): a read-only switch or a deletion reaches the
 * connections other collab instances hold, not only this process's.
 */
interface CollabControl {
  origin: string;
  name: string;
  readOnly?: boolean;
  close?: true;
  /** Close the connections a share link opened on `name` (revoked, no longer live or open). */
  closeShare?: string;
  /** Ask the policy again for the connections a share link opened on `name` (its expiry changed). */
  recheckShare?: string;
}

/** Who an awareness update added, changed (in content) or removed (y-protocols 'change'). */
interface AwarenessChanges {
  added: number[];
  updated: number[];
  removed: number[];
}

/** What `onAuthenticate` answers for a signed-in user's connection (its context). */
interface UserConnectionContext {
  uid: string;
  /** The name its presence carries (collabDisplayName): whatever the client puts there is replaced. */
  displayName: string;
}

/** What `onAuthenticate` answers for a live share link's connection (its context). */
interface ShareConnectionContext {
  shareId: string;
  /** When the share expires (ms since the epoch, app clock); null when it never does. */
  expiresAt: number | null;
}

export class CollabService {
  readonly hocuspocus: Hocuspocus;
  /** When automatic versions are due (the version module records them). */
  readonly edits: EditTracker;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly log: UpdateLogWriter;
  private readonly guard: EditGuard;
  private readonly instanceId = randomUUID();
  private control: { pub: IORedis; sub: IORedis } | null = null;
  private readonly controlChannel: string;
  private closed = false;
  /** The expiry timer of each open share-link connection (cancel functions). */
  private readonly shareTimers = new Map<Connection, () => void>();
  /** The presence name of each client socket (the origin of the awareness updates it sends). */
  private readonly presenceNames = new WeakMap<object, string>();
  /** The last write queued per document name (write runs them in turn). */
  private readonly writing = new Map<string, Promise<void>>();

  constructor(private readonly ctx: CollabContext) {
    this.guard = new EditGuard(ctx.config.CANVAS_MAX_NODES);
    this.log = new UpdateLogWriter((name, updates) => appendUpdates(ctx.db, name, updates));
    this.controlChannel = `${ctx.config.REDIS_PREFIX}-collab:control`;
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
      this.control = this.openControl(redisUrl);
    }
    this.hocuspocus = new Hocuspocus({
      name: 'atelier',
      quiet: true,
      debounce: STORE_DEBOUNCE_MS,
      maxDebounce: STORE_MAX_DEBOUNCE_MS,
      extensions,
      onAuthenticate: (data) => this.authenticate(data),
      connected: async (data) => this.connected(data),
      onLoadDocument: (data) => this.load(data),
      beforeHandleMessage: (data) => this.beforeMessage(data),
      onStoreDocument: (data) => this.store(data),
      onDisconnect: async (data) => this.disconnected(data),
      afterUnloadDocument: async ({ documentName }) => this.guard.forget(documentName),
    });
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

  private async authenticate(
    data: onAuthenticatePayload,
  ): Promise<UserConnectionContext | ShareConnectionContext> {
    const target = parseCollabName(data.documentName);
    if (!target) throw new CollabDenied('unknown-document');
    const shareId = await verifyShareCollabToken(this.ctx.secrets.jwt, data.token, this.ctx.clock);
    if (shareId) {
      // A live share link: read-only whatever the policy says, for the shared entity only.
      const access = await collabAccess(
        this.db,
        { kind: 'share', shareId, at: this.ctx.clock.date() },
        target,
      );
      if (!access) throw new CollabDenied('permission-denied');
      data.connectionConfig.readOnly = true;
      return { shareId, expiresAt: await this.shareExpiry(shareId) };
    }
    const claims = await verifyCollabToken(this.ctx.secrets.jwt, data.token, this.ctx.clock);
    // a token of a sign-in that has ended (logout, password reset, refresh reuse) opens nothing
    if (!claims || !(await isFamilyLive(this.db, claims.uid, claims.sid, this.ctx.clock.date()))) {
      throw new CollabDenied('invalid-token');
    }
    const uid = claims.uid;
    const access = await collabAccess(this.db, userActor(uid), target);
    // Someone else's document looks exactly like a missing one.
    if (!access) throw new CollabDenied('permission-denied');
    if (access.readOnly) data.connectionConfig.readOnly = true;
    const [user] = await this.db
      .select({ nickname: users.nickname, name: users.name })
      .from(users)
      .where(eq(users.uid, uid))
      .limit(1);
    return { uid, displayName: collabDisplayName(user) };
  }

  /** When a share expires on the app clock (ms), null when it never does or no longer exists. */
  private async shareExpiry(shareId: string): Promise<number | null> {
    const [row] = await this.db
      .select({ expiresAt: shares.expiresAt })
      .from(shares)
      .where(eq(shares.shareId, shareId))
      .limit(1);
    return row?.expiresAt ? row.expiresAt.getTime() : null;
  }

  /** A share-link connection is closed when its share expires: a timer on the app clock. */
  private connected({ connection, documentName, context }: connectedPayload): void {
    const share = context as Partial<ShareConnectionContext> | undefined;
    if (typeof share?.shareId !== 'string') return;
    connection.onClose(() => {
      this.shareTimers.get(connection)?.();
      this.shareTimers.delete(connection);
    });
    this.watchShare(connection, documentName, share.shareId, share.expiresAt ?? null);
  }

  private watchShare(
    connection: Connection,
    documentName: string,
    shareId: string,
    expiresAt: number | null,
  ): void {
    this.shareTimers.get(connection)?.();
    this.shareTimers.delete(connection);
    if (expiresAt === null) return;
    const cancel = this.ctx.clock.timeout(
      () => {
        this.shareTimers.delete(connection);
        void this.recheckShare(connection, documentName, shareId);
      },
      Math.min(expiresAt - this.ctx.clock.now(), SHARE_RECHECK_MAX_MS),
    );
    this.shareTimers.set(connection, cancel);
  }

  /**
   * At the expiry a connection was scheduled for, asks the access policy again: closed unless the
   * share was extended meanwhile (then it waits for the new expiry).
   */
  private async recheckShare(connection: Connection, documentName: string, shareId: string): Promise<void> {
    const target = parseCollabName(documentName);
    try {
      const access =
        target &&
        (await collabAccess(this.db, { kind: 'share', shareId, at: this.ctx.clock.date() }, target));
      if (!access) {
        connection.close();
        return;
      }
      this.watchShare(connection, documentName, shareId, await this.shareExpiry(shareId));
    } catch (err) {
      this.ctx.log.warn({ err, documentName }, 'share connection check failed; closing it');
      connection.close();
    }
  }

  private async load({ documentName, document }: onLoadDocumentPayload): Promise<void> {
    const target = parseCollabName(documentName);
    if (!target) throw new CollabDenied('unknown-document');
    const state = await loadState(this.db, documentName);
    if (state) Y.applyUpdate(document, state);
    // 'change' comes before the 'update' Hocuspocus relays (and encodes from the stored states)
    document.awareness.on('change', (changes: AwarenessChanges, origin: unknown) =>
      this.namePresence(document, changes, origin),
    );
    if (target.kind === 'doc') this.guard.measured(documentName, contentLength(yDocToMarkdown(document)));
  }

  /**
   * Presence carries the name the server knows (collabDisplayName; "Viewer" for a share link),
   * not what the client wrote: a live share's anonymous viewers see an owner without a nickname
   * under a neutral name, never her address, and nobody can pose as someone else.
   */
  private namePresence(document: Document, changes: AwarenessChanges, origin: unknown): void {
    const name = typeof origin === 'object' && origin !== null ? this.presenceNames.get(origin) : undefined;
    if (name === undefined) return;
    for (const clientId of [...changes.added, ...changes.updated]) {
      const state: unknown = document.awareness.getStates().get(clientId);
      if (typeof state !== 'object' || state === null || !('user' in state)) continue;
      const { user } = state as { user: unknown };
      if (typeof user === 'object' && user !== null) (user as { name?: unknown }).name = name;
    }
  }

  private beforeMessage({
    documentName,
    document,
    update,
    connection,
    context,
  }: beforeHandleMessagePayload): Promise<void> {
    // before the message is applied: an awareness update from this socket is renamed on arrival
    const who = context as Partial<UserConnectionContext & ShareConnectionContext> | undefined;
    const presenceName = typeof who?.shareId === 'string' ? VIEWER_COLLAB_NAME : who?.displayName;
    if (presenceName !== undefined) this.presenceNames.set(connection.webSocket, presenceName);
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
        const message: CollabErrorMessage = {
          source: SERVER_SOURCE,
          type: 'error',
          errCode: err.errCode,
          message: err.reason,
        };
        connection.sendStateless(JSON.stringify(message));
        this.ctx.log.info({ documentName, reason: err.reason }, 'collab edit refused');
      }
      return Promise.reject(err);
    }
    this.edits.edited(documentName, who?.uid ?? null);
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
      const message: CollabErrorMessage = {
        source: SERVER_SOURCE,
        type: 'error',
        errCode: 'E2004',
        message: contentLimitRefusal().reason,
      };
      live?.broadcastStateless(JSON.stringify(message));
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
    this.applyReadOnly(name, readOnly);
    this.publish({ origin: this.instanceId, name, readOnly });
  }

  /** Closes every connection of `name` (the document was deleted), in every process. */
  disconnectAll(name: string): void {
    this.hocuspocus.closeConnections(name);
    this.publish({ origin: this.instanceId, name, close: true });
  }

  /** Closes the connections a share link opened on `name` (revoked, no longer live or open), in every process. */
  closeShareConnections(name: string, shareId: string): void {
    this.applyCloseShare(name, shareId);
    this.publish({ origin: this.instanceId, name, closeShare: shareId });
  }

  /**
   * Re-arms the expiry timers of the connections a share link opened on `name` (the share was
   * changed but stays open: its expiry may be sooner now), in every process.
   */
  recheckShareConnections(name: string, shareId: string): void {
    this.applyRecheckShare(name, shareId);
    this.publish({ origin: this.instanceId, name, recheckShare: shareId });
  }

  private applyRecheckShare(name: string, shareId: string): void {
    for (const connection of this.hocuspocus.documents.get(name)?.getConnections() ?? []) {
      if ((connection.context as { shareId?: string } | undefined)?.shareId === shareId)
        void this.recheckShare(connection, name, shareId);
    }
  }

  private applyCloseShare(name: string, shareId: string): void {
    for (const connection of this.hocuspocus.documents.get(name)?.getConnections() ?? []) {
      if ((connection.context as { shareId?: string } | undefined)?.shareId === shareId) connection.close();
    }
  }

  private applyReadOnly(name: string, readOnly: boolean): void {
    const message: CollabReadOnlyMessage = { source: SERVER_SOURCE, type: 'readOnly', readOnly };
    for (const connection of this.hocuspocus.documents.get(name)?.getConnections() ?? []) {
      connection.readOnly = readOnly;
      connection.sendStateless(JSON.stringify(message));
    }
  }

  private openControl(redisUrl: string): { pub: IORedis; sub: IORedis } {
    const onError = (err: Error) => this.ctx.log.warn({ err }, 'collab control channel: Redis error');
    const pub = new IORedis(redisUrl, { maxRetriesPerRequest: null });
    const sub = new IORedis(redisUrl, { maxRetriesPerRequest: null });
    pub.on('error', onError);
    sub.on('error', onError);
    sub.on('message', (_channel: string, raw: string) => {
      let control: CollabControl;
      try {
        control = JSON.parse(raw) as CollabControl;
      } catch {
        return;
      }
      if (control.origin === this.instanceId || typeof control.name !== 'string') return;
      if (typeof control.readOnly === 'boolean') this.applyReadOnly(control.name, control.readOnly);
      if (control.close) this.hocuspocus.closeConnections(control.name);
      if (typeof control.closeShare === 'string') this.applyCloseShare(control.name, control.closeShare);
      if (typeof control.recheckShare === 'string')
        this.applyRecheckShare(control.name, control.recheckShare);
    });
    sub.subscribe(this.controlChannel).catch(onError);
    return { pub, sub };
  }

  private publish(control: CollabControl): void {
    if (!this.control || this.closed) return;
    this.control.pub.publish(this.controlChannel, JSON.stringify(control)).catch((err: unknown) => {
      this.ctx.log.warn({ err, name: control.name }, 'collab control channel: publish failed');
    });
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
    if (this.control) {
      const { pub, sub } = this.control;
      this.control = null;
      for (const conn of [sub, pub]) await conn.quit().catch(() => conn.disconnect());
    }
  }

  private async flush(document: Document): Promise<void> {
    const id = `onStoreDocument-${document.name}`;
    const { debouncer } = this.hocuspocus;
    if (debouncer.isDebounced(id)) await Promise.resolve(debouncer.executeNow(id)).catch(() => undefined);
    await document.saveMutex.waitForUnlock();
  }
}
