/** Resources of the library: web links, pasted text, files (spec sections 3 "Resource", 5, 7). */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import {
  ContentSchema,
  HttpUrlSchema,
  IdSchema,
  MetadataSchema,
  PageQuerySchema,
  StorageKeySchema,
  TimestampSchema,
  TitleSchema,
  idListSchema,
} from './common.js';

export const ResourceTypeSchema = z.enum(['weblink', 'text', 'file']);
export type ResourceType = z.infer<typeof ResourceTypeSchema>;

export const IndexStatusSchema = z.enum([
  'init',
  'wait_parse',
  'wait_index',
  'finish',
  'parse_failed',
  'index_failed',
]);
export type IndexStatus = z.infer<typeof IndexStatusSchema>;

export const IndexErrorSchema = z.object({
  type: z.enum(['pageLimitExceeded', 'unknownError']),
  metadata: MetadataSchema.optional(),
});
export type IndexError = z.infer<typeof IndexErrorSchema>;

/** `data` of a resource: where it came from. */
export const ResourceMetaSchema = z.object({
  url: HttpUrlSchema.optional(),
  title: z.string().max(1024).optional(),
  contentType: z.string().max(256).optional(),
  /** Images: pixel size, read from the file. */
  width: z.number().int().nonnegative().optional(),
  height: z.number().int().nonnegative().optional(),
});
export type ResourceMeta = z.infer<typeof ResourceMetaSchema>;

export const ResourceSchema = z.object({
  resourceId: z.string(),
  resourceType: ResourceTypeSchema,
  title: z.string(),
  data: ResourceMetaSchema.nullish(),
  indexStatus: IndexStatusSchema,
  indexError: IndexErrorSchema.nullish(),
  /** Bytes of the stored raw file and parsed text. */
  storageSize: z.number().int().nonnegative(),
  /** Bytes of the stored embeddings. */
  vectorSize: z.number().int().nonnegative(),
  rawFileKey: z.string().nullish(),
  contentPreview: z.string().nullish(),
  /** Parsed text (Markdown); detail only. */
  content: z.string().optional(),
  downloadURL: z.string().nullish(),
  projectId: z.string().nullish(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Resource = z.infer<typeof ResourceSchema>;

// ---- requests ----

const CreateResourceObjectSchema = z.object({
  title: TitleSchema.min(1, 'Title is required'),
  resourceType: ResourceTypeSchema,
  resourceId: IdSchema.optional(),
  projectId: IdSchema.optional(),
  data: ResourceMetaSchema.optional(),
  /** An uploaded file (POST /misc/upload); when set, `content` is ignored. */
  storageKey: StorageKeySchema.optional(),
  content: ContentSchema.optional(),
});

/** Each type needs its source: a link for weblink, text for text, an uploaded file for file. */
export const CreateResourceSchema = CreateResourceObjectSchema.superRefine((value, ctx) => {
  if (value.resourceType === 'weblink' && !value.data?.url) {
    ctx.addIssue({ code: 'custom', path: ['data', 'url'], message: 'A web link is required' });
  }
  if (value.resourceType === 'text' && !value.storageKey && !value.content?.trim()) {
    ctx.addIssue({ code: 'custom', path: ['content'], message: 'Pasted text needs both title and content' });
  }
  if (value.resourceType === 'file' && !value.storageKey) {
    ctx.addIssue({ code: 'custom', path: ['storageKey'], message: 'An uploaded file is required' });
  }
});
export type CreateResource = z.infer<typeof CreateResourceSchema>;

export const BatchCreateResourceSchema = z.object({
  items: z.array(CreateResourceSchema).min(1, 'At least one link is required').max(LIMITS.maxBatchItems),
});

export const UpdateResourceSchema = z.object({
  resourceId: IdSchema,
  title: TitleSchema.min(1, 'Title is required').optional(),
  data: ResourceMetaSchema.optional(),
  /** New text of a text resource (re-indexed). */
  content: ContentSchema.optional(),
  /** null removes the resource from its project. */
  projectId: IdSchema.nullable().optional(),
});
export type UpdateResource = z.infer<typeof UpdateResourceSchema>;

export const ResourceIdBodySchema = z.object({ resourceId: IdSchema });
export const ResourceIdQuerySchema = z.object({ resourceId: IdSchema });

/** Parse and index again (e.g. after parse_failed or index_failed). */
export const ReindexResourceSchema = z.object({ resourceIds: idListSchema() });

/** Non-file fields of POST /knowledge/resource/createWithFile; the file part is named `file`. */
export const CreateResourceWithFileFieldsSchema = z.object({
  /** Defaults to the file name. */
  title: TitleSchema.optional(),
  resourceId: IdSchema.optional(),
  projectId: IdSchema.optional(),
});

export const ListResourcesQuerySchema = PageQuerySchema.extend({
  resourceType: ResourceTypeSchema.optional(),
  indexStatus: IndexStatusSchema.optional(),
  projectId: IdSchema.optional(),
});
