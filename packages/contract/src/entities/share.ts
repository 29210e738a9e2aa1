/** Share records: view-only links to a canvas, page, document, skill response or code artifact. */
import { z } from 'zod';
import {
  ContentSchema,
  EntityTypeSchema,
  IdSchema,
  PageQuerySchema,
  StorageKeySchema,
  TimestampSchema,
  TitleSchema,
} from './common.js';

/** What can be shared as a link (spec section 1); templates share canvases. */
export const ShareEntityTypeSchema = EntityTypeSchema.extract([
  'canvas',
  'page',
  'document',
  'skillResponse',
  'codeArtifact',
]);
export type ShareEntityType = z.infer<typeof ShareEntityTypeSchema>;

export const ShareRecordSchema = z.object({
  shareId: z.string(),
  title: z.string(),
  entityType: ShareEntityTypeSchema,
  entityId: z.string(),
  allowDuplication: z.boolean(),
  /** Share of the containing entity (a document shared as part of a canvas share). */
  parentShareId: z.string().nullish(),
  templateId: z.string().nullish(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type ShareRecord = z.infer<typeof ShareRecordSchema>;

export const CreateShareSchema = z.object({
  entityType: ShareEntityTypeSchema,
  entityId: IdSchema,
  title: TitleSchema.optional(),
  allowDuplication: z.boolean().default(false),
  parentShareId: IdSchema.optional(),
  /** A JSON snapshot to publish as is (e.g. a skill response as the viewer sees it). */
  shareData: ContentSchema.optional(),
  /** Or the key of an uploaded snapshot. */
  shareDataStorageKey: StorageKeySchema.optional(),
  coverStorageKey: StorageKeySchema.optional(),
});
export type CreateShare = z.infer<typeof CreateShareSchema>;

/** Turning sharing off deletes the record: the link then answers E1009. */
export const DeleteShareSchema = z.object({ shareId: IdSchema });

/** Copy a shared entity into the caller's workspace (needs allowDuplication). */
export const DuplicateShareSchema = z.object({
  shareId: IdSchema,
  projectId: IdSchema.optional(),
  title: TitleSchema.optional(),
});
export const DuplicateShareResultSchema = z.object({
  entityType: ShareEntityTypeSchema,
  entityId: z.string(),
});

export const ListSharesQuerySchema = PageQuerySchema.extend({
  shareId: IdSchema.optional(),
  entityType: ShareEntityTypeSchema.optional(),
  entityId: IdSchema.optional(),
});

export const ShareIdQuerySchema = z.object({ shareId: IdSchema });

/** What a link holder sees: the record and the published snapshot (shape depends on entityType). */
export const SharedContentSchema = z.object({
  share: ShareRecordSchema,
  data: z.unknown(),
});
export type SharedContent = z.infer<typeof SharedContentSchema>;
