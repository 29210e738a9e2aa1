/** Code artifacts: React, SVG, Mermaid, Markdown, code, HTML or mind-map sources a user (or a skill) made. */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CodeArtifactType } from '@atelier/contract';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const codeArtifacts = pgTable(
  'code_artifacts',
  {
    artifactId: text('artifact_id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** react, svg, mermaid, markdown, code, html or mindmap (mindmap content is mind-map JSON). */
    type: text('type').$type<CodeArtifactType>().notNull(),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    language: text('language'),
    /** An uploaded preview image the owner chose; a `files` row of the same user. */
    previewStorageKey: text('preview_storage_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.uid, t.updatedAt)],
);
