/** Upload request and response (spec section 3 "Upload"). */
import { z } from 'zod';
import { EntityTypeSchema } from './common.js';

export const VisibilitySchema = z.enum(['public', 'private']);

/** Non-file fields of the multipart upload; the file part is named `file`. */
export const UploadFieldsSchema = z.object({
  entityId: z.string().max(128).optional(),
  entityType: EntityTypeSchema.optional(),
  visibility: VisibilitySchema.default('private'),
  /** When given, replaces the file already stored under this key (owner only). */
  storageKey: z.string().max(256).optional(),
});

export const UploadResultSchema = z.object({
  url: z.string(),
  storageKey: z.string(),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;
