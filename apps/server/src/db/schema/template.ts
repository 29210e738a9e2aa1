/**
 * Templates: a published canvas (a duplicable canvas share) with a title, description, language
 * and category. Built-in templates carry a `builtinKey` and belong to the system account
 * (`template.builtin.ts`); their version follows the data file they come from.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
type LocaleDict = Record<string, string>;
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const templateCategories = pgTable('template_categories', {
  categoryId: text('category_id').primaryKey(),
  name: text('name').notNull(),
  labelDict: jsonb('label_dict').$type<LocaleDict>().notNull(),
  descriptionDict: jsonb('description_dict').$type<LocaleDict>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const templates = pgTable(
  'templates',
  {
    templateId: text('template_id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** The canvas the template was published from (its share holds the content). */
    canvasId: text('canvas_id').notNull(),
    /** The duplicable canvas share; "Use template" duplicates it. */
    shareId: text('share_id').notNull(),
    version: integer('version').notNull().default(1),
    categoryId: text('category_id').references(() => templateCategories.categoryId, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    language: text('language').notNull(),
    featured: boolean('featured').notNull().default(false),
    coverStorageKey: text('cover_storage_key'),
    /** `{key}:{language}` of a built-in template; null for users' templates. */
    builtinKey: text('builtin_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('templates_builtin_key')
      .on(t.builtinKey)
      .where(sql`${t.builtinKey} is not null`),
    index().on(t.uid, t.updatedAt),
    index().on(t.language, t.featured),
  ],
);
