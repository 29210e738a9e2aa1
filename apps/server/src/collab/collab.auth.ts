/**
 * Who may open a collaborative document: short-lived collab tokens (JWT, audience
 * `atelier-collab`) and the ownership check behind `onAuthenticate`.
 */
import { eq } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { canvases } from '../db/schema/canvas.js';
import { documents } from '../db/schema/document.js';
import type { DbOrTx } from '../db/helpers.js';
import type { CollabTarget } from './collab.names.js';

export const COLLAB_AUDIENCE = 'atelier-collab';
export const COLLAB_TOKEN_TTL_SECONDS = 300;

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signCollabToken(
  secret: string,
  uid: string,
  ttlSeconds = COLLAB_TOKEN_TTL_SECONDS,
): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(uid)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .setAudience(COLLAB_AUDIENCE)
    .sign(key(secret));
}

/** The uid a valid, unexpired collab token was issued to; null otherwise. */
export async function verifyCollabToken(secret: string, token: string): Promise<string | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      audience: COLLAB_AUDIENCE,
    });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

export interface CollabAccess {
  uid: string;
  /** Read-only documents, and canvases that are not `ready` (e.g. still being copied). */
  readOnly: boolean;
}

/** Owner and read-only flag of the entity behind a document name; null when it does not exist. */
export async function lookupAccess(db: DbOrTx, target: CollabTarget): Promise<CollabAccess | null> {
  if (target.kind === 'canvas') {
    const [row] = await db
      .select({ uid: canvases.uid, readOnly: canvases.readOnly, status: canvases.status })
      .from(canvases)
      .where(eq(canvases.canvasId, target.id))
      .limit(1);
    return row ? { uid: row.uid, readOnly: row.readOnly || row.status !== 'ready' } : null;
  }
  const [row] = await db
    .select({ uid: documents.uid, readOnly: documents.readOnly })
    .from(documents)
    .where(eq(documents.docId, target.id))
    .limit(1);
  return row ?? null;
}
