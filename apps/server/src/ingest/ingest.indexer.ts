/**
 * Writes an item's full-text index: its library entry (title) and chunks (Markdown cut by the
 * chunker, each with its CJK-segmented search text). Re-indexing replaces the chunks in one
 * transaction, so it is safe to run twice and a reader never sees half an index.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connect.js';
import { libraryChunks, libraryEntries } from '../db/schema/index.js';
import type { DbOrTx } from '../db/helpers.js';
import { chunkMarkdown } from './ingest.chunker.js';
import { segmentForIndex } from './ingest.segment.js';

export type LibraryEntityType = 'resource' | 'document' | 'canvas';

export interface IndexInput {
  entityType: LibraryEntityType;
  entityId: string;
  uid: string;
  title: string;
  /** Markdown; empty for items searched by title only (canvases, images). */
  content: string;
  sourceUpdatedAt: Date;
}

const INSERT_BATCH = 200;

/** Indexes one item; answers the number of chunks written. */
export async function indexEntry(db: Db, input: IndexInput): Promise<number> {
  const chunks = input.content.trim() ? chunkMarkdown(input.content) : [];
  await db.transaction(async (tx) => {
    const entry = {
      uid: input.uid,
      title: input.title,
      searchTitle: segmentForIndex(input.title),
      sourceUpdatedAt: input.sourceUpdatedAt,
    };
    await tx
      .insert(libraryEntries)
      .values({ entityType: input.entityType, entityId: input.entityId, ...entry })
      .onConflictDoUpdate({ target: [libraryEntries.entityType, libraryEntries.entityId], set: entry });
    await tx
      .delete(libraryChunks)
      .where(and(eq(libraryChunks.entityType, input.entityType), eq(libraryChunks.entityId, input.entityId)));
    for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
      await tx.insert(libraryChunks).values(
        chunks.slice(i, i + INSERT_BATCH).map((content, j) => ({
          entityType: input.entityType,
          entityId: input.entityId,
          uid: input.uid,
          ord: i + j,
          content,
          searchText: segmentForIndex(content),
        })),
      );
    }
  });
  return chunks.length;
}

/** Removes items from the index (their chunks go with them). */
export async function removeEntries(
  db: DbOrTx,
  entityType: LibraryEntityType,
  ids: readonly string[],
): Promise<void> {
  if (!ids.length) return;
  await db
    .delete(libraryEntries)
    .where(and(eq(libraryEntries.entityType, entityType), inArray(libraryEntries.entityId, [...ids])));
}
