/** Label classes (a named set of values with a prompt) and labels: one value of a class, optionally on an item. */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Icon, LabelEntityType } from '@atelier/contract';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const labelClasses = pgTable(
  'label_classes',
  {
    labelClassId: text('label_class_id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** Unique per user, regardless of case. */
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    icon: jsonb('icon').$type<Icon>(),
    prompt: text('prompt').notNull(),
    /** The values a label of this class may take; at least one, no duplicates. */
    values: jsonb('values').$type<string[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index().on(t.uid, t.updatedAt),
    uniqueIndex('label_classes_uid_name_key').on(t.uid, sql`lower(${t.name})`),
  ],
);

export const labelInstances = pgTable(
  'label_instances',
  {
    labelId: text('label_id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    labelClassId: text('label_class_id')
      .notNull()
      .references(() => labelClasses.labelClassId, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    /** The item the label is on: canvas, document, resource, project or codeArtifact. */
    entityType: text('entity_type').$type<LabelEntityType>(),
    entityId: text('entity_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.labelClassId), index().on(t.uid, t.updatedAt), index().on(t.entityType, t.entityId)],
);
