/** References: a user's links from one document or resource to another. */
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ReferenceType } from '@atelier/contract';
import { users } from './users.js';

export const references = pgTable(
  // not `references`: that is an SQL keyword
  'knowledge_references',
  {
    referenceId: text('reference_id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** document or resource */
    sourceType: text('source_type').$type<ReferenceType>().notNull(),
    sourceId: text('source_id').notNull(),
    targetType: text('target_type').$type<ReferenceType>().notNull(),
    targetId: text('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // The same link added twice is one reference.
    uniqueIndex('knowledge_references_link_key').on(
      t.uid,
      t.sourceType,
      t.sourceId,
      t.targetType,
      t.targetId,
    ),
    index().on(t.uid, t.targetType, t.targetId),
  ],
);
