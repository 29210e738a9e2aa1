/** Queries on users and their linked identities, shared by the user and auth modules. */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/helpers.js';
import { authIdentities, users } from '../../db/schema/index.js';
import { now } from '../../lib/time.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** How emails are stored and compared: trimmed, lower-case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByUid(db: DbOrTx, uid: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.uid, uid));
  return row;
}

/** `email` must already be normalised (trimmed, lower-case). */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Another user holding this username, compared without case (the unique index is on lower(name)). */
export async function findOtherUserByName(
  db: DbOrTx,
  name: string,
  exceptUid: string | null,
): Promise<UserRow | undefined> {
  const sameName = sql`lower(${users.name}) = lower(${name})`;
  const [row] = await db
    .select()
    .from(users)
    .where(exceptUid ? and(sameName, ne(users.uid, exceptUid)) : sameName)
    .limit(1);
  return row;
}

export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function updateUser(
  db: DbOrTx,
  uid: string,
  patch: Partial<NewUser>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: now() })
    .where(eq(users.uid, uid))
    .returning();
  return row;
}

/** The row of a user, locked until the transaction ends (read-modify-write of JSON settings). */
export async function lockUser(tx: DbOrTx, uid: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.uid, uid)).for('update');
  return row;
}

export async function listIdentityProviders(db: DbOrTx, uid: string): Promise<string[]> {
  const rows = await db
    .select({ provider: authIdentities.provider })
    .from(authIdentities)
    .where(eq(authIdentities.uid, uid));
  return rows.map((r) => r.provider);
}
