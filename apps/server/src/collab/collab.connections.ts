/**
 * Who a collaboration connection is and how long it may stay: `onAuthenticate` checks the collab
 * token (a signed-in user's, or a live share link's, read-only) against the access policy; a share
 * link's connection is closed when its share expires (a timer on the app clock, asking the policy
 * again then); and presence carries the name the server knows, not what the client wrote.
 */
import type { Connection, Document, onAuthenticatePayload } from '@hocuspocus/server';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { shares } from '../db/schema/share.js';
import { users } from '../db/schema/users.js';
import { userActor } from '../modules/access/access.js';
import { isFamilyLive } from '../modules/auth/auth.repository.js';
import { collabAccess, verifyCollabToken, verifyShareCollabToken } from './collab.auth.js';
import { VIEWER_COLLAB_NAME, collabDisplayName, parseCollabName } from './collab.names.js';

export type ConnectionsContext = Pick<AppContext, 'db' | 'log' | 'secrets' | 'clock'>;

/**
 * Longest wait of a share connection's expiry timer: a later expiry is reached by asking again then
 * (timers longer than ~24.8 days would fire at once).
 */
const SHARE_RECHECK_MAX_MS = 24 * 60 * 60_000;

/** Refuses a connection; an empty message keeps Hocuspocus from logging every refusal. */
export class CollabDenied extends Error {
  constructor(readonly reason: string) {
    super('');
  }
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

type ConnectionContext = Partial<UserConnectionContext & ShareConnectionContext> | undefined;

/** The signed-in user a connection's context names (its hooks' `context`); null for a share link's. */
export function editorUidOf(context: unknown): string | null {
  const uid = (context as ConnectionContext)?.uid;
  return typeof uid === 'string' ? uid : null;
}

/** The share link a connection was opened with; undefined for a user's connection. */
export const shareIdOf = (connection: Connection): string | undefined =>
  (connection.context as { shareId?: string } | undefined)?.shareId;

export class CollabConnections {
  /** The expiry timer of each open share-link connection (cancel functions). */
  private readonly shareTimers = new Map<Connection, () => void>();
  /** The presence name of each client socket (the origin of the awareness updates it sends). */
  private readonly presenceNames = new WeakMap<object, string>();

  constructor(private readonly ctx: ConnectionsContext) {}

  /** Lets a connection in, read-only where it may not write; throws CollabDenied otherwise. */
  async authenticate(data: onAuthenticatePayload): Promise<UserConnectionContext | ShareConnectionContext> {
    const { db, secrets, clock } = this.ctx;
    const target = parseCollabName(data.documentName);
    if (!target) throw new CollabDenied('unknown-document');
    const shareId = await verifyShareCollabToken(secrets.jwt, data.token, clock);
    if (shareId) {
      // A live share link: read-only whatever the policy says, for the shared entity only.
      const access = await collabAccess(db, { kind: 'share', shareId, at: clock.date() }, target);
      if (!access) throw new CollabDenied('permission-denied');
      data.connectionConfig.readOnly = true;
      return { shareId, expiresAt: await this.shareExpiry(shareId) };
    }
    const claims = await verifyCollabToken(secrets.jwt, data.token, clock);
    // a token of a sign-in that has ended (logout, password reset, refresh reuse) opens nothing
    if (!claims || !(await isFamilyLive(db, claims.uid, claims.sid, clock.date()))) {
      throw new CollabDenied('invalid-token');
    }
    const uid = claims.uid;
    const access = await collabAccess(db, userActor(uid), target);
    // Someone else's document looks exactly like a missing one.
    if (!access) throw new CollabDenied('permission-denied');
    if (access.readOnly) data.connectionConfig.readOnly = true;
    const [user] = await db
      .select({ nickname: users.nickname, name: users.name })
      .from(users)
      .where(eq(users.uid, uid))
      .limit(1);
    return { uid, displayName: collabDisplayName(user) };
  }

  /** When a share expires on the app clock (ms), null when it never does or no longer exists. */
  private async shareExpiry(shareId: string): Promise<number | null> {
    const [row] = await this.ctx.db
      .select({ expiresAt: shares.expiresAt })
      .from(shares)
      .where(eq(shares.shareId, shareId))
      .limit(1);
    return row?.expiresAt ? row.expiresAt.getTime() : null;
  }

  /** A share-link connection is closed when its share expires: a timer on the app clock. */
  connected(connection: Connection, documentName: string, context: unknown): void {
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
   * At the expiry a connection was scheduled for (or when its share changed), asks the access
   * policy again: closed unless the share still opens it (then it waits for the new expiry).
   */
  async recheckShare(connection: Connection, documentName: string, shareId: string): Promise<void> {
    const target = parseCollabName(documentName);
    try {
      const access =
        target &&
        (await collabAccess(this.ctx.db, { kind: 'share', shareId, at: this.ctx.clock.date() }, target));
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

  /**
   * Renames the presence of every awareness update `document` receives (call once it is loaded;
   * 'change' comes before the 'update' Hocuspocus relays, and encodes from the stored states).
   */
  namePresence(document: Document): void {
    document.awareness.on('change', (changes: AwarenessChanges, origin: unknown) =>
      this.rename(document, changes, origin),
    );
  }

  /** Before a socket's message is applied: its awareness updates will be renamed on arrival. */
  noteSender(connection: Connection, context: unknown): void {
    const who = context as ConnectionContext;
    const presenceName = typeof who?.shareId === 'string' ? VIEWER_COLLAB_NAME : who?.displayName;
    if (presenceName !== undefined) this.presenceNames.set(connection.webSocket, presenceName);
  }

  /**
   * Presence carries the name the server knows (collabDisplayName; "Viewer" for a share link),
   * not what the client wrote: a live share's anonymous viewers see an owner without a nickname
   * under a neutral name, never her address, and nobody can pose as someone else.
   */
  private rename(document: Document, changes: AwarenessChanges, origin: unknown): void {
    const name = typeof origin === 'object' && origin !== null ? this.presenceNames.get(origin) : undefined;
    if (name === undefined) return;
    for (const clientId of [...changes.added, ...changes.updated]) {
      const state: unknown = document.awareness.getStates().get(clientId);
      if (typeof state !== 'object' || state === null || !('user' in state)) continue;
      const { user } = state as { user: unknown };
      if (typeof user === 'object' && user !== null) (user as { name?: unknown }).name = name;
    }
  }
}
