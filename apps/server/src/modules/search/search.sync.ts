/**
 * Keeps the library index of documents and canvases current without hooks into their modules:
 * before a search, the caller's documents and canvases whose updated_at differs from the indexed
 * one are (re)indexed, and entries whose item is gone are removed. Documents index their Markdown
 * snapshot (`content`), canvases their title. Work is bounded per call; the rest follows next time.
 */
import { and, eq, isNull, ne, notExists, or, sql } from 'drizzle-orm';
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

/** Embeds documents whose chunks have no vectors yet (bounded like the sync). */
async function embedMissing(db: Db, uid: string, embedder: LibraryEmbedder): Promise<void> {
  const result = await db.execute(sql`
    SELECT DISTINCT entity_id FROM library_chunks
     WHERE uid = ${uid} AND entity_type = 'document' AND embedding IS NULL LIMIT ${SYNC_BATCH}`);
  for (const { entity_id } of (result as unknown as { rows: Array<{ entity_id: string }> }).rows)
    await embedEntry(db, embedder, uid, 'document', entity_id);
}

/**
 * Brings documents and canvases up to date before a search; with an embedding model (vector and
 * hybrid searches) documents also get their vectors.
 */
export async function syncLibraryIndex(
  db: Db,
  uid: string,
  domains: ReadonlyArray<string>,
  embedder: LibraryEmbedder | null = null,
): Promise<void> {
  if (domains.includes('document')) await syncDocuments(db, uid, embedder);
  if (domains.includes('canvas')) await syncCanvases(db, uid);
  await removeGone(db, uid);
}
