/** Library documents: the row and its Markdown snapshot; the live text is the Yjs state (collab_documents). */
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './project.js';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const documents = pgTable(
  'documents',
  {
    docId: text('doc_id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    /** Short plain-text preview of `content`. */
    contentPreview: text('content_preview').notNull().default(''),
    /** Markdown derived from the Yjs state on every store (search, export, AI context). */
    content: text('content').notNull().default(''),
    readOnly: boolean('read_only').notNull().default(false),
    projectId: text('project_id').references(() => projects.projectId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.uid, t.updatedAt), index().on(t.uid, t.projectId)],
);
