/**
 * Embeddings of library chunks (pgvector). A library is bound to the embedding model its first
 * vectors were made with (library_embedding_models): while it holds vectors, another model (a
 * different model id or dimension) answers E0013; once it holds none, the next model takes over.
 * Embedding is optional: without an embedding model chunks are indexed for full-text search only.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.js';
import type { DbOrTx } from '../db/helpers.js';
import { libraryChunks, libraryEmbeddingModels } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import type { ResolvedModel } from '../lib/providers/providers.types.js';
import { embedTexts, embeddingInfo, toVectorLiteral, type EmbeddingModelInfo } from './ingest.models.js';

/** Bytes one stored vector takes (pgvector: 4 per dimension plus an 8-byte header). */
export const vectorBytes = (dimensions: number) => 4 * dimensions + 8;

export interface LibraryEmbedder {
  model: ResolvedModel;
  info: EmbeddingModelInfo;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export async function libraryHasVectors(db: DbOrTx, uid: string): Promise<boolean> {
  const found = await db
    .select({ one: sql`1` })
    .from(libraryChunks)
    .where(and(eq(libraryChunks.uid, uid), sql`${libraryChunks.embedding} IS NOT NULL`))
    .limit(1);
  return found.length > 0;
}

/**
 * The embedder of `uid`'s library with the user's embedding model (resolved by the caller, the
 * provider module's `resolveModel(ctx, uid, 'embedding')`), or null without one. Throws E0013 when
 * the model is not the one the library's existing vectors were made with.
 */
export async function libraryEmbedder(
  db: Db,
  uid: string,
  model: ResolvedModel | null,
): Promise<LibraryEmbedder | null> {
  if (!model) return null;
  const info = embeddingInfo(model);
  const [bound] = await db
    .select()
    .from(libraryEmbeddingModels)
    .where(eq(libraryEmbeddingModels.uid, uid))
    .limit(1);
  const same =
    bound &&
    bound.modelId === info.modelId &&
    (info.dimensions === null || info.dimensions === bound.dimensions);
  if (bound && !same) {
    if (await libraryHasVectors(db, uid)) {
      throw new AppError(
        'E0013',
        `Switching embedding model is not supported: this library's vectors were made with ` +
          `${bound.modelId} (${bound.dimensions} dimensions); switch back to it, or delete the library's ` +
          `items before using ${info.modelId}`,
      );
    }
    await db.delete(libraryEmbeddingModels).where(eq(libraryEmbeddingModels.uid, uid));
  }
  return { model, info };
}

/**
 * Updating an embedding item: E0013 when it is the model the library's vectors were made with and
 * the update would change its model id or dimension while vectors exist (provider.item.update).
 */
export async function assertEmbeddingConfigChange(
  db: DbOrTx,
  uid: string,
  itemId: string,
  config: { modelId?: unknown; dimensions?: unknown },
): Promise<void> {
  const [bound] = await db
    .select()
    .from(libraryEmbeddingModels)
    .where(eq(libraryEmbeddingModels.uid, uid))
    .limit(1);
  if (!bound || bound.itemId !== itemId) return;
  const modelId = typeof config.modelId === 'string' ? config.modelId : bound.modelId;
  const dims = typeof config.dimensions === 'number' ? config.dimensions : bound.dimensions;
  if (modelId === bound.modelId && dims === bound.dimensions) return;
  if (await libraryHasVectors(db, uid)) {
    throw new AppError(
      'E0013',
      `Switching embedding model is not supported: this library's vectors were made with ` +
        `${bound.modelId} (${bound.dimensions} dimensions)`,
    );
  }
}

/** Records the model (and dimension) of a library's first vectors; answers the bound dimension. */
async function bind(db: Db, uid: string, info: EmbeddingModelInfo, dimensions: number): Promise<number> {
  await db
    .insert(libraryEmbeddingModels)
    .values({ uid, itemId: info.itemId, providerId: info.providerId, modelId: info.modelId, dimensions })
    .onConflictDoNothing();
  const [bound] = await db
    .select()
    .from(libraryEmbeddingModels)
    .where(eq(libraryEmbeddingModels.uid, uid))
    .limit(1);
  return bound?.dimensions ?? dimensions;
}

/** Embeds one query text with the library's model. */
export async function embedQuery(embedder: LibraryEmbedder, text: string): Promise<string> {
  const [v] = await embedTexts(embedder.model, [text]);
  return toVectorLiteral(v!);
}

/**
 * Embeds the chunks of one item that have no vector yet; answers the bytes of vectors the item
 * holds afterwards. Safe to run twice (already embedded chunks are skipped).
 */
export async function embedEntry(
  db: Db,
  embedder: LibraryEmbedder,
  uid: string,
  entityType: string,
  entityId: string,
): Promise<number> {
  const missing = await db
    .select({ id: libraryChunks.id, content: libraryChunks.content })
    .from(libraryChunks)
    .where(
      and(
        eq(libraryChunks.entityType, entityType),
        eq(libraryChunks.entityId, entityId),
        isNull(libraryChunks.embedding),
      ),
    )
    .orderBy(libraryChunks.ord);
  if (missing.length) {
    const vectors = await embedTexts(
      embedder.model,
      missing.map((c) => c.content),
    );
    const dims = await bind(db, uid, embedder.info, vectors[0]!.length);
    if (dims !== vectors[0]!.length) {
      throw new AppError(
        'E0013',
        `Switching embedding model is not supported: this library's vectors have ${dims} dimensions`,
      );
    }
    await db.transaction(async (tx) => {
      for (let i = 0; i < missing.length; i++) {
        await tx
          .update(libraryChunks)
          .set({ embedding: toVectorLiteral(vectors[i]!) })
          .where(eq(libraryChunks.id, missing[i]!.id));
      }
    });
  }
  return vectorSizeOf(db, entityType, entityId);
}

/** Bytes of the vectors one item holds. */
export async function vectorSizeOf(db: Db, entityType: string, entityId: string): Promise<number> {
  const result = await db.execute(sql`
    SELECT coalesce(sum(4 * vector_dims(embedding) + 8), 0)::bigint AS bytes
      FROM library_chunks
     WHERE entity_type = ${entityType} AND entity_id = ${entityId} AND embedding IS NOT NULL`);
  return Number(rowsOf<{ bytes: string | number }>(result)[0]?.bytes ?? 0);
}
