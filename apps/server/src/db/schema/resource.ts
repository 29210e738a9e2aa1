/**
 * The library index: resources (links, pasted text, files) with their parsed Markdown, and the
 * full-text entries and chunks of every searchable item (resources, documents, canvases).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { IndexError, IndexStatus, ResourceMeta, ResourceType } from '@atelier/contract';
import { projects } from './project.js';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/**
 * A pgvector column without a fixed dimension: each library keeps the dimension of its embedding
 * model (library_embedding_models), so one column holds every user's vectors. Read and written as
 * the text form `[0.1,0.2,…]`.
 */
const vector = customType<{ data: string; driverData: string }>({ dataType: () => 'vector' });

export const resources = pgTable(
  'resources',
  {
    resourceId: text('resource_id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    resourceType: text('resource_type').$type<ResourceType>().notNull(),
    title: text('title').notNull(),
    meta: jsonb('meta').$type<ResourceMeta>(),
    indexStatus: text('index_status').$type<IndexStatus>().notNull().default('init'),
    indexError: jsonb('index_error').$type<IndexError>(),
    /** Bumped by every (re)index; a job whose version is stale does nothing. */
    indexVersion: integer('index_version').notNull().default(0),
    /** Tries of the current version's job (the last failing try marks the resource failed). */
    indexAttempts: integer('index_attempts').notNull().default(0),
    /** Times the resource reached finish (in the same update as the state): each version once. */
    finishCount: integer('finish_count').notNull().default(0),
    /**
     * When the resource last reached finish (same update as the state and finish_count): the
     * trigger scheduler runs 'on resource ready' triggers for transitions it has not run yet.
     */
    readyAt: ts('ready_at'),
    /** A `files` row of the same user: the uploaded original. */
    rawFileKey: text('raw_file_key'),
    /** Type of the original (file or fetched page), decides the parser. */
    contentType: text('content_type'),
    /** Parsed Markdown (for text resources: the pasted text). */
    content: text('content').notNull().default(''),
    contentPreview: text('content_preview').notNull().default(''),
    storageSize: bigint('storage_size', { mode: 'number' }).notNull().default(0),
    vectorSize: bigint('vector_size', { mode: 'number' }).notNull().default(0),
    projectId: text('project_id').references(() => projects.projectId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index().on(t.uid, t.updatedAt),
    index().on(t.uid, t.projectId),
    index().on(t.indexStatus),
    index().on(t.uid, t.readyAt),
  ],
);

/** One searchable item; `search_title` is the title after CJK segmentation (ingest.segment.ts). */
export const libraryEntries = pgTable(
  'library_entries',
  {
    entityType: text('entity_type').$type<'resource' | 'document' | 'canvas'>().notNull(),
    entityId: text('entity_id').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    searchTitle: text('search_title').notNull().default(''),
    titleTsv: tsvector('title_tsv').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_title)`),
    /** updated_at of the source row when it was indexed (documents and canvases sync lazily). */
    sourceUpdatedAt: ts('source_updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityType, t.entityId] }),
    index().on(t.uid, t.entityType),
    index('library_entries_title_tsv_idx').using('gin', t.titleTsv),
  ],
);

/** Chunks of an entry's Markdown; `search_text` is the chunk after CJK segmentation. */
export const libraryChunks = pgTable(
  'library_chunks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    uid: text('uid').notNull(),
    ord: integer('ord').notNull(),
    content: text('content').notNull(),
    searchText: text('search_text').notNull(),
    tsv: tsvector('tsv').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_text)`),
    /** The chunk's embedding by the library's embedding model; null when none is configured. */
    embedding: vector('embedding'),
  },
  (t) => [
    foreignKey({
      columns: [t.entityType, t.entityId],
      foreignColumns: [libraryEntries.entityType, libraryEntries.entityId],
    }).onDelete('cascade'),
    index().on(t.entityType, t.entityId, t.ord),
    index().on(t.uid),
    index('library_chunks_tsv_idx').using('gin', t.tsv),
  ],
);

/**
 * The embedding model a user's library vectors were made with: set when the first vectors are
 * written, checked before every embedding (another model answers E0013), cleared when the library
 * has no vectors left.
 */
export const libraryEmbeddingModels = pgTable('library_embedding_models', {
  uid: text('uid')
    .primaryKey()
    .references(() => users.uid, { onDelete: 'cascade' }),
  itemId: text('item_id').notNull(),
  providerId: text('provider_id').notNull(),
  modelId: text('model_id').notNull(),
  dimensions: integer('dimensions').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Pages parsed by an external (advanced) PDF parser, per user and UTC day: the daily page limit. */
export const parseUsage = pgTable(
  'parse_usage',
  {
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    pages: integer('pages').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.uid, t.day] })],
);
