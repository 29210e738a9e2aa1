/** Stored files (uploads): who owns them, what they belong to, and who may read them. */
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const files = pgTable(
  'files',
  {
    storageKey: text('storage_key').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    entityId: text('entity_id'),
    entityType: text('entity_type'),
    visibility: text('visibility').notNull().default('private'),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    originalName: text('original_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.uid), index().on(t.entityType, t.entityId)],
);
