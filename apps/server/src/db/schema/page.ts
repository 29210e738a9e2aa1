/**
 * Pages: slideshow pages made from a canvas's nodes (issue 11). One page per canvas; each relation
 * is one slide, with a snapshot of the canvas node's data when it was added. Deleting the canvas
 * deletes its page and the page's relations.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PageConfig, PageNodeType, PageStatus } from '@atelier/contract';
import { canvases } from './canvas.js';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const pages = pgTable(
  'pages',
  {
    pageId: text('page_id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    canvasId: text('canvas_id')
      .notNull()
      .references(() => canvases.canvasId, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    description: text('description'),
    status: text('status').$type<PageStatus>().notNull().default('draft'),
    /** One of the owner's uploaded files (storage key), shown as the cover. */
    coverStorageKey: text('cover_storage_key'),
    pageConfig: jsonb('page_config').$type<PageConfig>().notNull(),
    /** The share made when the page was published; null while a draft. */
    shareId: text('share_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pages_canvas_id_key').on(t.canvasId), index().on(t.uid, t.updatedAt)],
);

export const pageNodeRelations = pgTable(
  'page_node_relations',
  {
    relationId: text('relation_id').primaryKey(),
    pageId: text('page_id')
      .notNull()
      .references(() => pages.pageId, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    nodeType: text('node_type').$type<PageNodeType>().notNull(),
    entityId: text('entity_id').notNull().default(''),
    orderIndex: integer('order_index').notNull(),
    nodeData: jsonb('node_data').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('page_node_relations_page_node_key').on(t.pageId, t.nodeId)],
);
