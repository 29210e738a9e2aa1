/** Queries of the auth module: refresh tokens, verification sessions and linked identities. */
import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import { authIdentities, refreshTokens, verificationSessions } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/helpers.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type VerificationRow = typeof verificationSessions.$inferSelect;
export type IdentityRow = typeof authIdentities.$inferSelect;

// ---- refresh tokens ----

export async function insertRefreshToken(db: DbOrTx, row: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks a live token rotated; false when someone else rotated (or revoked) it first. */
export async function markRotated(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: at })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

/** True while the sign-in (family) has a token that is neither revoked nor expired. */
export async function isFamilyLive(db: DbOrTx, uid: string, familyId: string, at: Date): Promise<boolean> {
  const rows = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        eq(refreshTokens.uid, uid),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, at),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function revokeFamily(db: DbOrTx, familyId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllOfUser(db: DbOrTx, uid: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.uid, uid), isNull(refreshTokens.revokedAt)));
}

// ---- verification sessions ----

export async function insertVerification(
  db: DbOrTx,
  row: typeof verificationSessions.$inferInsert,
): Promise<VerificationRow> {
  const [created] = await db.insert(verificationSessions).values(row).returning();
  if (!created) throw new Error('insert into verification_sessions returned no row');
  return created;
}

export async function findVerification(db: DbOrTx, sessionId: string): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationSessions)
    .where(eq(verificationSessions.sessionId, sessionId));
  return row;
}

/** Counts a wrong code; returns the new count, or null when the session was already burned. */
export async function recordWrongCode(
  db: DbOrTx,
  sessionId: string,
  maxAttempts: number,
): Promise<number | null> {
  const [row] = await db
    .update(verificationSessions)
    .set({ attempts: sql`${verificationSessions.attempts} + 1` })
    .where(and(eq(verificationSessions.sessionId, sessionId), lt(verificationSessions.attempts, maxAttempts)))
    .returning({ attempts: verificationSessions.attempts });
  return row ? row.attempts : null;
}

/** Consumes a usable session exactly once; false when it was consumed, burned or expired meanwhile. */
export async function consumeVerification(
  db: DbOrTx,
  sessionId: string,
  at: Date,
  maxAttempts: number,
): Promise<boolean> {
  const rows = await db
    .update(verificationSessions)
    .set({ consumedAt: at })
    .where(
      and(
        eq(verificationSessions.sessionId, sessionId),
        isNull(verificationSessions.consumedAt),
        lt(verificationSessions.attempts, maxAttempts),
        gt(verificationSessions.expiresAt, at),
      ),
    )
    .returning({ sessionId: verificationSessions.sessionId });
  return rows.length > 0;
}

/** Replaces the code of a session whose last send is older than `sentBefore`; false otherwise. */
export async function replaceCode(
  db: DbOrTx,
  sessionId: string,
  values: { codeHash: string; lastSentAt: Date; expiresAt: Date },
  sentBefore: Date,
): Promise<boolean> {
  const rows = await db
    .update(verificationSessions)
    .set({ ...values, attempts: 0 })
    .where(
      and(
        eq(verificationSessions.sessionId, sessionId),
        isNull(verificationSessions.consumedAt),
        lte(verificationSessions.lastSentAt, sentBefore),
      ),
    )
    .returning({ sessionId: verificationSessions.sessionId });
  return rows.length > 0;
}

// ---- identities ----

export async function findIdentity(
  db: DbOrTx,
  provider: string,
  providerAccountId: string,
): Promise<IdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(authIdentities)
    .where(
      and(eq(authIdentities.provider, provider), eq(authIdentities.providerAccountId, providerAccountId)),
    );
  return row;
}

export async function insertIdentity(db: DbOrTx, row: typeof authIdentities.$inferInsert): Promise<void> {
  await db.insert(authIdentities).values(row);
}
