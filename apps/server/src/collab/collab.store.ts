/**
 * Persistence of Yjs state in Postgres. Every update a client sends is appended to
 * `collab_updates` before the server applies and acknowledges it; a store folds the log and the
 * live state into `collab_documents` (merging with what is stored, so two instances storing at
 * once never drop each other's edits) and deletes exactly the log rows it folded in.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Db } from '../db/connect.js';
import { collabDocuments, collabUpdates } from '../db/schema/collab.js';
import { versionBases, versions } from '../db/schema/version.js';
import type { DbOrTx } from '../db/helpers.js';

/** The stored state of `name` with its pending log applied, or null when nothing is stored. */
export async function loadState(db: DbOrTx, name: string): Promise<Uint8Array | null> {
  const [row] = await db.select().from(collabDocuments).where(eq(collabDocuments.name, name)).limit(1);
  const log = await db
    .select({ update: collabUpdates.update })
    .from(collabUpdates)
    .where(eq(collabUpdates.name, name))
    .orderBy(asc(collabUpdates.id));
  if (!row && log.length === 0) return null;
  const parts = [...(row ? [row.state] : []), ...log.map((l) => l.update)];
  return parts.length === 1 ? parts[0]! : Y.mergeUpdates(parts);
}

/** Loads `name` into a fresh Y.Doc (empty when nothing is stored). */
export async function loadDoc(db: DbOrTx, name: string): Promise<Y.Doc> {
  const doc = new Y.Doc();
  const state = await loadState(db, name);
  if (state) Y.applyUpdate(doc, state);
  return doc;
}

/** Appends updates of `name` to its log, in order, in one statement (all or none). */
export async function appendUpdates(db: DbOrTx, name: string, updates: readonly Uint8Array[]): Promise<void> {
  if (updates.length === 0) return;
  await db.insert(collabUpdates).values(updates.map((update) => ({ name, update })));
}

/** Writes a whole state for a new document (creation, import, copy); merges if one exists. */
export async function seedState(db: DbOrTx, name: string, state: Uint8Array): Promise<void> {
  await db
    .insert(collabDocuments)
    .values({ name, state })
    .onConflictDoUpdate({
      target: collabDocuments.name,
      set: { state: sql`excluded.state`, updatedAt: sql`now()` },
    });
}

/**
 * Folds `liveState` and the pending log into the stored state. Returns the number of log rows
 * folded in. Applying everything to a fresh Y.Doc (rather than concatenating updates) lets Yjs
 * garbage-collect deleted content, so the stored state stays compact.
 */
export async function storeState(db: Db, name: string, liveState: Uint8Array): Promise<number> {
  return db.transaction(async (tx) => {
    // Lock the row (create it first if missing) so concurrent stores of one name serialise.
    await tx
      .insert(collabDocuments)
      .values({ name, state: new Uint8Array([0, 0]) })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ state: collabDocuments.state })
      .from(collabDocuments)
      .where(eq(collabDocuments.name, name))
      .for('update');
    const log = await tx
      .select({ id: collabUpdates.id, update: collabUpdates.update })
      .from(collabUpdates)
      .where(eq(collabUpdates.name, name))
      .orderBy(asc(collabUpdates.id));
    const doc = new Y.Doc();
    Y.transact(doc, () => {
      if (row) Y.applyUpdate(doc, row.state);
      Y.applyUpdate(doc, liveState);
      for (const entry of log) Y.applyUpdate(doc, entry.update);
    });
    const merged = Y.encodeStateAsUpdate(doc);
    doc.destroy();
    await tx
      .update(collabDocuments)
      .set({ state: merged, updatedAt: sql`now()` })
      .where(eq(collabDocuments.name, name));
    if (log.length > 0) {
      await tx.delete(collabUpdates).where(
        and(
          eq(collabUpdates.name, name),
          inArray(
            collabUpdates.id,
            log.map((l) => l.id),
          ),
        ),
      );
    }
    return log.length;
  });
}

/** Deletes the state of `names`, their update logs and their versions (the entity is gone). */
export async function deleteState(db: DbOrTx, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db.delete(versions).where(inArray(versions.docName, [...names]));
  await db.delete(versionBases).where(inArray(versionBases.docName, [...names]));
  await db.delete(collabUpdates).where(inArray(collabUpdates.name, [...names]));
  await db.delete(collabDocuments).where(inArray(collabDocuments.name, [...names]));
}

/** Names that have log rows not yet folded in (a crash before the debounced store). */
export async function namesWithPendingLog(db: DbOrTx, limit = 1000): Promise<string[]> {
  const rows = await db
    .select({ name: collabUpdates.name })
    .from(collabUpdates)
    .groupBy(collabUpdates.name)
    .limit(limit);
  return rows.map((r) => r.name);
}
