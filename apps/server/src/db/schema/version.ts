/**
 * Versions of collaborative documents (`canvas:<id>`, `doc:<id>`, the names of collab_documents).
 * A version's state is stored as a Yjs update against a base: a full state (compressed) that
 * several versions share. Restoring one decodes its base and applies its diff; nothing stored
 * is ever rewritten, and a base goes only when no version needs it any more.
 */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { VersionKind, VersionSummary } from '@atelier/contract';
import { bytea } from './collab.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const versionBases = pgTable(
  'version_bases',
  {
    baseId: text('base_id').primaryKey(),
    docName: text('doc_name').notNull(),
    /** The version that started this base (its size is shown with that version). */
    firstVersionId: text('first_version_id').notNull(),
    /** The whole Yjs state (`Y.encodeStateAsUpdate`), deflated. */
    state: bytea('state').notNull(),
    /** Its state vector, so a later state can be encoded as a diff against it. */
    stateVector: bytea('state_vector').notNull(),
    /** Bytes of `state` as stored. */
    size: integer('size').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index().on(t.docName, t.createdAt)],
);

export const versions = pgTable(
  'versions',
  {
    versionId: text('version_id').primaryKey(),
    docName: text('doc_name').notNull(),
    kind: text('kind').$type<VersionKind>().notNull(),
    /** The name a person gave it (named versions). */
    name: text('name'),
    authorUid: text('author_uid'),
    summary: jsonb('summary').$type<VersionSummary>().notNull(),
    baseId: text('base_id')
      .notNull()
      .references(() => versionBases.baseId),
    /** The state as a Yjs update against the base's state vector, deflated. */
    diff: bytea('diff').notNull(),
    /** Bytes of `diff` as stored. */
    size: integer('size').notNull(),
    /** Hash of the state vector and delete set: equal hashes, equal states (nothing changed). */
    stateHash: text('state_hash').notNull(),
    restoredFrom: text('restored_from'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index().on(t.docName, t.createdAt), index().on(t.baseId), index().on(t.kind, t.createdAt)],
);
