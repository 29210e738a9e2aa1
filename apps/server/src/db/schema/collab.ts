/**
 * Yjs state of collaborative documents (`canvas:<id>`, `doc:<id>`): the compacted state, plus an
 * append-only log of updates written before the server acknowledges them; a store folds the log
 * into the state.
 */
import { bigserial, customType, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** bytea as Uint8Array (PGlite answers Uint8Array, node-postgres a Buffer, which is one). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

export const collabDocuments = pgTable('collab_documents', {
  name: text('name').primaryKey(),
  state: bytea('state').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const collabUpdates = pgTable(
  'collab_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    update: bytea('update').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index().on(t.name, t.id)],
);
