/**
 * Keeps the library index of documents and canvases current without hooks into their modules:
 * before a search, the caller's documents and canvases whose updated_at differs from the indexed
 * one are (re)indexed, and entries whose item is gone are removed (all after one read that says
 * whether there is anything to do). Documents index their Markdown
 * snapshot (`content`), canvases their title. Work is bounded per call; the rest follows next time.
 */
import { and, eq, isNull, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { canvases, documents, libraryEntries } from '../../db/schema/index.js';
import { embedEntry, type LibraryEmbedder } from '../../ingest/ingest.embed.js';
import { indexEntry } from '../../ingest/ingest.indexer.js';

/** Most items (re)indexed by one search; a large first import catches up over a few searches. */
export const SYNC_BATCH = 200;

function entryJoin(type: 'document' | 'canvas', id: typeof documents.docId | typeof canvases.canvasId) {
  return and(eq(libraryEntries.entityType, type), eq(libraryEntries.entityId, id));
}

async function syncDocuments(db: Db, uid: string, embedder: LibraryEmbedder | null): Promise<void> {
  const stale = await db
    .select({
      id: documents.docId,
      title: documents.title,
      content: documents.content,
      updatedAt: documents.updatedAt,
    })
    .from(documents)
    .leftJoin(libraryEntries, entryJoin('document', documents.docId))
    .where(
      and(
        eq(documents.uid, uid),
        or(isNull(libraryEntries.entityId), ne(libraryEntries.sourceUpdatedAt, documents.updatedAt)),
      ),
    )
    .limit(SYNC_BATCH);
  for (const d of stale) {
    await indexEntry(db, {
      entityType: 'document',
      entityId: d.id,
      uid,
      title: d.title,
      content: d.content,
      sourceUpdatedAt: d.updatedAt,
    });
  }
  if (embedder) await embedMissing(db, uid, embedder);
}

async function syncCanvases(db: Db, uid: string): Promise<void> {
  const stale = await db
    .select({ id: canvases.canvasId, title: canvases.title, updatedAt: canvases.updatedAt })
    .from(canvases)
    .leftJoin(libraryEntries, entryJoin('canvas', canvases.canvasId))
    .where(
      and(
        eq(canvases.uid, uid),
        or(isNull(libraryEntries.entityId), ne(libraryEntries.sourceUpdatedAt, canvases.updatedAt)),
      ),
    )
    .limit(SYNC_BATCH);
  for (const c of stale) {
    await indexEntry(db, {
      entityType: 'canvas',
      entityId: c.id,
      uid,
      title: c.title,
      content: '',
      sourceUpdatedAt: c.updatedAt,
    });
  }
}

async function removeGone(db: Db, uid: string): Promise<void> {
  await db.delete(libraryEntries).where(
    and(
      eq(libraryEntries.uid, uid),
      or(
        and(
          eq(libraryEntries.entityType, 'document'),
          notExists(
            db
              .select({ one: sql`1` })
              .from(documents)
              .where(eq(documents.docId, libraryEntries.entityId)),
          ),
        ),
        and(
          eq(libraryEntries.entityType, 'canvas'),
          notExists(
            db
              .select({ one: sql`1` })
              .from(canvases)
              .where(eq(canvases.canvasId, libraryEntries.entityId)),
          ),
        ),
      ),
    ),
  );
}

/**
 * The caller's document chunks without vectors, reached from their entries (the (uid, entity_type)
 * index, then each entry's chunks) rather than from every chunk of the caller: a chunk's uid is
 * always its entry's (ingest.indexer.ts writes both).
 */
function unembeddedChunks(uid: string): SQL {
  return sql`
    SELECT c.entity_id FROM library_entries e
      JOIN library_chunks c ON c.entity_type = e.entity_type AND c.entity_id = e.entity_id
     WHERE e.uid = ${uid} AND e.entity_type = 'document' AND c.uid = ${uid} AND c.embedding IS NULL`;
}

/** Embeds documents whose chunks have no vectors yet (bounded like the sync). */
async function embedMissing(db: Db, uid: string, embedder: LibraryEmbedder): Promise<void> {
  const result = await db.execute(sql`
    SELECT DISTINCT entity_id FROM (${unembeddedChunks(uid)}) AS missing LIMIT ${SYNC_BATCH}`);
  for (const { entity_id } of (result as unknown as { rows: Array<{ entity_id: string }> }).rows)
    await embedEntry(db, embedder, uid, 'document', entity_id);
}

const SYNCED_TYPES = ['document', 'canvas'] as const;

/**
 * Whether the sync has anything to do for `uid` (one read; the common answer is no): a document
 * or canvas not indexed or indexed at another updated_at, an entry whose item is gone, or (with
 * `embeddings`) a document chunk without a vector.
 */
async function needsSync(
  db: Db,
  uid: string,
  domains: ReadonlyArray<string>,
  embeddings: boolean,
): Promise<boolean> {
  const checks: SQL[] = [];
  if (domains.includes('document'))
    checks.push(sql`EXISTS (
      SELECT 1 FROM documents d
        LEFT JOIN library_entries e ON e.entity_type = 'document' AND e.entity_id = d.doc_id
       WHERE d.uid = ${uid} AND (e.entity_id IS NULL OR e.source_updated_at <> d.updated_at))`);
  if (domains.includes('document') && embeddings) checks.push(sql`EXISTS (${unembeddedChunks(uid)})`);
  if (domains.includes('canvas'))
    checks.push(sql`EXISTS (
      SELECT 1 FROM canvases v
        LEFT JOIN library_entries e ON e.entity_type = 'canvas' AND e.entity_id = v.canvas_id
       WHERE v.uid = ${uid} AND (e.entity_id IS NULL OR e.source_updated_at <> v.updated_at))`);
  for (const type of SYNCED_TYPES) {
    const [table, id] = type === 'document' ? [sql`documents`, sql`doc_id`] : [sql`canvases`, sql`canvas_id`];
    checks.push(sql`EXISTS (
      SELECT 1 FROM library_entries e
       WHERE e.uid = ${uid} AND e.entity_type = ${type}
         AND NOT EXISTS (SELECT 1 FROM ${table} x WHERE x.${id} = e.entity_id))`);
  }
  const result = await db.execute(sql`SELECT (${sql.join(checks, sql` OR `)}) AS stale`);
  return (result as unknown as { rows: Array<{ stale: boolean }> }).rows[0]?.stale === true;
}

/**
 * Brings documents and canvases up to date before a search; with an embedding model (vector and
 * hybrid searches) documents also get their vectors. A library already up to date costs one read.
 */
export async function syncLibraryIndex(
  db: Db,
  uid: string,
  domains: ReadonlyArray<string>,
  embedder: LibraryEmbedder | null = null,
): Promise<void> {
  if (!(await needsSync(db, uid, domains, embedder !== null))) return;
  if (domains.includes('document')) await syncDocuments(db, uid, embedder);
  if (domains.includes('canvas')) await syncCanvases(db, uid);
  await removeGone(db, uid);
}
