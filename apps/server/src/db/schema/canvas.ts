/** Canvases: a user's canvas rows; the node graph itself lives in the Yjs state (collab_documents). */
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CanvasSnapshot } from '@atelier/canvas';
import type { CanvasStatus } from '@atelier/contract';
import { projects } from './project.js';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const canvases = pgTable(
  'canvases',
  {
    canvasId: text('canvas_id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    readOnly: boolean('read_only').notNull().default(false),
    status: text('status').$type<CanvasStatus>().notNull().default('ready'),
    /** A `files` row of the same user (the minimap image). */
    minimapStorageKey: text('minimap_storage_key'),
    projectId: text('project_id').references(() => projects.projectId, { onDelete: 'set null' }),
    /** Derived from the Yjs state on every store (search, AI context, pages); the Yjs state wins. */
    snapshot: jsonb('snapshot').$type<CanvasSnapshot>(),
    nodeCount: integer('node_count').notNull().default(0),
    /** While `duplicating`: the source canvas and flag, so a restart can finish the copy. */
    duplicateFrom: text('duplicate_from'),
    duplicateEntities: boolean('duplicate_entities').notNull().default(false),
    duplicateAttempts: integer('duplicate_attempts').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.uid, t.updatedAt), index().on(t.uid, t.projectId), index().on(t.status)],
);
