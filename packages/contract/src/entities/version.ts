/**
 * Versions of canvases and documents (issue 34, "History you can trust"): automatic versions
 * while people edit, named versions ("Save version…"), and restores, which add a version and
 * never rewrite the ones before. Ours, beyond the spec.
 */
import { z } from 'zod';
import { IdSchema, NameSchema, TimestampSchema } from './common.js';
import { CanvasDataSchema } from './canvas.js';

/** What has versions: a canvas or a document. */
export const VersionEntityTypeSchema = z.enum(['canvas', 'document']);
export type VersionEntityType = z.infer<typeof VersionEntityTypeSchema>;

export const VersionTargetSchema = z.object({
  entityType: VersionEntityTypeSchema,
  entityId: IdSchema,
});
export type VersionTarget = z.infer<typeof VersionTargetSchema>;

/**
 * `auto`: taken while people edit (at most one per interval, and when the last editor leaves);
 * `named`: saved by a person with a name; `restore`: the state a restore brought back.
 */
export const VersionKindSchema = z.enum(['auto', 'named', 'restore']);
export type VersionKind = z.infer<typeof VersionKindSchema>;

/** What changed since the version before (for the first one: since an empty canvas or text). */
export const VersionSummarySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('canvas'),
    nodesAdded: z.number().int().nonnegative(),
    nodesRemoved: z.number().int().nonnegative(),
    nodesEdited: z.number().int().nonnegative(),
  }),
  z.object({
    kind: z.literal('document'),
    /** Characters of text added and removed (Markdown source). */
    charsAdded: z.number().int().nonnegative(),
    charsRemoved: z.number().int().nonnegative(),
  }),
]);
export type VersionSummary = z.infer<typeof VersionSummarySchema>;

export const VersionAuthorSchema = z.object({
  uid: z.string(),
  name: z.string().nullish(),
  nickname: z.string().nullish(),
  avatar: z.string().nullish(),
});
export type VersionAuthor = z.infer<typeof VersionAuthorSchema>;

export const VersionSchema = z.object({
  versionId: z.string(),
  target: VersionTargetSchema,
  kind: VersionKindSchema,
  /** The name given with "Save version…"; null for automatic and restore versions. */
  name: z.string().nullable(),
  /** Who saved it, or whose edits an automatic version holds; null when only the server edited. */
  author: VersionAuthorSchema.nullable(),
  summary: VersionSummarySchema,
  /** Bytes this version takes in storage (compressed, with the full state it starts when it does). */
  size: z.number().int().nonnegative(),
  /** For a restore: the version it brought back. */
  restoredFrom: z.string().nullable(),
  createdAt: TimestampSchema,
});
export type Version = z.infer<typeof VersionSchema>;

/** The version list of one canvas or document, newest first. */
export const VersionHistorySchema = z.object({
  versions: z.array(VersionSchema),
  /** Bytes all versions of this entity take in storage. */
  storageBytes: z.number().int().nonnegative(),
  /** Automatic versions are kept this many days; named and restore versions forever. */
  retentionDays: z.number().int().positive(),
  /** At most one automatic version per this many minutes of editing. */
  intervalMinutes: z.number().int().positive(),
});
export type VersionHistory = z.infer<typeof VersionHistorySchema>;

/** One piece of a text diff: unchanged, added since the version, or removed since. */
export const TextDiffPartSchema = z.object({
  op: z.enum(['equal', 'added', 'removed']),
  text: z.string(),
});
export type TextDiffPart = z.infer<typeof TextDiffPartSchema>;

/** What a version holds, for a read-only preview. */
export const VersionContentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('canvas'), canvas: CanvasDataSchema }),
  z.object({
    kind: z.literal('document'),
    /** The document's Markdown as this version holds it. */
    markdown: z.string(),
    /** From this version to the current text: `added` is in the current text only, `removed` only here. */
    diff: z.array(TextDiffPartSchema),
  }),
]);
export type VersionContent = z.infer<typeof VersionContentSchema>;

export const VersionDetailSchema = z.object({
  version: VersionSchema,
  content: VersionContentSchema,
});
export type VersionDetail = z.infer<typeof VersionDetailSchema>;

/** What a restore answers: the new version, and the one holding the state before it (to undo). */
export const VersionRestoreResultSchema = z.object({
  version: VersionSchema,
  /** Restore this one to undo the restore. */
  undoVersionId: z.string(),
});
export type VersionRestoreResult = z.infer<typeof VersionRestoreResultSchema>;

// ---- requests ----

export const VersionHistoryQuerySchema = VersionTargetSchema;
export type VersionHistoryQuery = z.infer<typeof VersionHistoryQuerySchema>;

export const VersionDetailQuerySchema = VersionTargetSchema.extend({ versionId: IdSchema });
export type VersionDetailQuery = z.infer<typeof VersionDetailQuerySchema>;

export const CreateVersionSchema = z.object({
  target: VersionTargetSchema,
  name: NameSchema.min(1, 'A version needs a name').max(120),
});
export type CreateVersion = z.infer<typeof CreateVersionSchema>;

export const RestoreVersionSchema = z.object({
  target: VersionTargetSchema,
  versionId: IdSchema,
});
export type RestoreVersion = z.infer<typeof RestoreVersionSchema>;
