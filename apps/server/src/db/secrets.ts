/**
 * Secrets an instance needs (JWT signing, encryption at rest). A configured value wins; otherwise
 * one is generated once and kept in the database, so every instance and every restart agrees.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './connect.js';
import { systemSecrets } from './schema/system.js';

export async function instanceSecret(db: Db, name: string, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(systemSecrets)
    .values({ name, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemSecrets).where(eq(systemSecrets.name, name));
  if (!row) throw new Error(`secret ${name} missing after insert`);
  return row.value;
}
