/**
 * Who may open a collaborative document: short-lived collab tokens (JWT, audience
 * `atelier-collab`; issued and checked on the app's clock, naming the sign-in they were issued
 * under, so a token of a signed-out session opens nothing) and the access check behind
 * `onAuthenticate` (the access policy's answer: read lets a connection in, write lets it edit).
 */
import { eq } from 'drizzle-orm';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { canvases } from '../db/schema/canvas.js';
import { documents } from '../db/schema/document.js';
import { accessFor, type Actor } from '../modules/access/access.js';
import type { DbOrTx } from '../db/helpers.js';
import type { Clock } from '../lib/clock.js';
import type { CollabTarget } from './collab.names.js';

export const COLLAB_AUDIENCE = 'atelier-collab';
export const COLLAB_TOKEN_TTL_SECONDS = 300;

const key = (secret: string) => new TextEncoder().encode(secret);

/** Who a collab token was issued to: the user and the sign-in (refresh-token family). */
export interface CollabClaims {
  uid: string;
  sid: string;
}

/** A collab-audience JWT for `subject` carrying `claims`, issued on the app's clock. */
async function signCollabJwt(
  secret: string,
  subject: string,
  claims: Record<string, string>,
  clock: Clock,
  ttlSeconds: number,
): Promise<string> {
  const issuedAt = Math.floor(clock.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .setAudience(COLLAB_AUDIENCE)
    .sign(key(secret));
}

/** The payload of a valid, unexpired collab-audience JWT; null otherwise. */
async function verifyCollabJwt(secret: string, token: string, clock: Clock): Promise<JWTPayload | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      audience: COLLAB_AUDIENCE,
      currentDate: clock.date(),
    });
    return payload;
  } catch {
    return null;
  }
}

export function signCollabToken(
  secret: string,
  claims: CollabClaims,
  clock: Clock,
  ttlSeconds = COLLAB_TOKEN_TTL_SECONDS,
): Promise<string> {
  return signCollabJwt(secret, claims.uid, { sid: claims.sid }, clock, ttlSeconds);
}

/**
 * Whom a valid, unexpired collab token was issued to; null otherwise (also for a token without a
 * sign-in, which no longer exists: they lived 5 minutes).
 */
export async function verifyCollabToken(
  secret: string,
  token: string,
  clock: Clock,
): Promise<CollabClaims | null> {
  const payload = await verifyCollabJwt(secret, token, clock);
  return payload && typeof payload.sub === 'string' && typeof payload.sid === 'string'
    ? { uid: payload.sub, sid: payload.sid }
    : null;
}

/**
 * A read-only token of a live share link (`share.liveToken`, no session): subject `share:{id}`.
 * The connection it opens is a `share` actor; the access policy grants it read of the shared
 * canvas or document only while the share is live, open to anyone and unexpired.
 */
export function signShareCollabToken(
  secret: string,
  shareId: string,
  clock: Clock,
  ttlSeconds = COLLAB_TOKEN_TTL_SECONDS,
): Promise<string> {
  return signCollabJwt(secret, `share:${shareId}`, { shr: shareId }, clock, ttlSeconds);
}

/** The share a valid, unexpired share token names; null otherwise. */
export async function verifyShareCollabToken(
  secret: string,
  token: string,
  clock: Clock,
): Promise<string | null> {
  const payload = await verifyCollabJwt(secret, token, clock);
  return payload && typeof payload.shr === 'string' && payload.sub === `share:${payload.shr}`
    ? payload.shr
    : null;
}

export interface CollabAccess {
  /** Read-only: no write access, a read-only document, or a canvas not `ready` (e.g. still being copied). */
  readOnly: boolean;
}

/** How `actor` may open the entity behind a document name; null when it may not (or it does not exist). */
export async function collabAccess(
  db: DbOrTx,
  actor: Actor,
  target: CollabTarget,
): Promise<CollabAccess | null> {
  const type = target.kind === 'canvas' ? 'canvas' : 'document';
  const access = accessFor(db);
  if (!(await access.can(actor, 'read', type, target.id))) return null;
  const writable = await access.can(actor, 'write', type, target.id);
  if (target.kind === 'canvas') {
    const [row] = await db
      .select({ readOnly: canvases.readOnly, status: canvases.status })
      .from(canvases)
      .where(eq(canvases.canvasId, target.id))
      .limit(1);
    return row ? { readOnly: !writable || row.readOnly || row.status !== 'ready' } : null;
  }
  const [row] = await db
    .select({ readOnly: documents.readOnly })
    .from(documents)
    .where(eq(documents.docId, target.id))
    .limit(1);
  return row ? { readOnly: !writable || row.readOnly } : null;
}
