/**
 * Who may open a collaborative document: short-lived collab tokens (JWT, audience
 * `atelier-collab`; issued and checked on the app's clock) and the access check behind `onAuthenticate` (the access policy's answer:
 * read lets a connection in, write lets it edit).
 */
import { eq } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { canvases } from '../db/schema/canvas.js';
import { documents } from '../db/schema/document.js';
import { accessFor, type Actor } from '../modules/access/access.js';
import type { DbOrTx } from '../db/helpers.js';
import type { Clock } from '../lib/clock.js';
import type { CollabTarget } from './collab.names.js';

export const COLLAB_AUDIENCE = 'atelier-collab';
export const COLLAB_TOKEN_TTL_SECONDS = 300;

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signCollabToken(
  secret: string,
  uid: string,
  clock: Clock,
  ttlSeconds = COLLAB_TOKEN_TTL_SECONDS,
): Promise<string> {
  const issuedAt = Math.floor(clock.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(uid)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .setAudience(COLLAB_AUDIENCE)
    .sign(key(secret));
}

/** The uid a valid, unexpired collab token was issued to; null otherwise. */
export async function verifyCollabToken(secret: string, token: string, clock: Clock): Promise<string | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      audience: COLLAB_AUDIENCE,
      currentDate: clock.date(),
    });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
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
