/** Projects: a user's groups of canvases and files with custom instructions (items point here by project_id). */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const projects = pgTable(
  'projects',
  {
    projectId: text('project_id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** A PNG, JPEG or GIF `files` row of the same user. */
    coverStorageKey: text('cover_storage_key'),
    /** Added to every skill run inside the project. */
    customInstructions: text('custom_instructions'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.uid, t.updatedAt)],
);
