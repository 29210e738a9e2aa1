/**
 * Share links: a published JSON snapshot of a canvas, page, document, answer or code artifact in
 * storage, and the settings of the link. A canvas (or page) share holds child shares for the
 * entities on it; deleting the parent deletes its children (their stored files are removed by the
 * share service).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { ShareAccess, SharedEntityType } from '@atelier/contract';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const shares = pgTable(
  'shares',
  {
    /** `sh-` + 26 random base-32 characters (130 bits): never guessable. */
    shareId: text('share_id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    entityType: text('entity_type').$type<SharedEntityType>().notNull(),
    entityId: text('entity_id').notNull(),
    title: text('title').notNull().default(''),
    allowDuplication: boolean('allow_duplication').notNull().default(false),
    parentShareId: text('parent_share_id').references((): AnyPgColumn => shares.shareId, {
      onDelete: 'cascade',
    }),
    templateId: text('template_id'),
    access: text('access').$type<ShareAccess>().notNull().default('anyone'),
    expiresAt: ts('expires_at'),
    live: boolean('live').notNull().default(false),
    /** The snapshot JSON (SharedDataSchema) in object storage. */
    storageKey: text('storage_key').notNull(),
    /**
     * Copies of the owner's files the snapshot shows (cover/minimap, a resource's upload, images on
     * a canvas), by name: stored at `shares/{shareId}/{name}`, served at `/share/{shareId}/files/{name}`.
     */
    files: jsonb('files').$type<Record<string, { contentType: string }>>().notNull().default({}),
    publishedAt: ts('published_at').notNull().defaultNow(),
    /** The entity's updatedAt when it was published: later changes make the share stale. */
    entityUpdatedAt: ts('entity_updated_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One top-level share per owner and entity ("Update link" publishes it again); templates keep their own.
    uniqueIndex('shares_top_level_key')
      .on(t.uid, t.entityType, t.entityId)
      .where(sql`${t.parentShareId} is null and ${t.templateId} is null`),
    uniqueIndex('shares_child_key')
      .on(t.parentShareId, t.entityType, t.entityId)
      .where(sql`${t.parentShareId} is not null`),
    index().on(t.uid, t.updatedAt),
    index().on(t.templateId),
  ],
);
