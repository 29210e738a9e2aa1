/** Documents of the library (spec sections 3 "Document", 7 "Knowledge"). */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { ContentSchema, IdSchema, PageQuerySchema, TimestampSchema, TitleSchema } from './common.js';

export const DocumentSchema = z.object({
  docId: z.string(),
  title: z.string(),
  contentPreview: z.string().nullish(),
  /** Markdown snapshot of the document; detail only. */
  content: z.string().optional(),
  readOnly: z.boolean(),
  projectId: z.string().nullish(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Document = z.infer<typeof DocumentSchema>;

export const CreateDocumentSchema = z.object({
  docId: IdSchema.optional(),
  title: TitleSchema.optional(),
  projectId: IdSchema.optional(),
  readOnly: z.boolean().default(false),
  /** Markdown the document starts with; later edits go through the collaboration endpoint. */
  initialContent: ContentSchema.optional(),
});
export type CreateDocument = z.infer<typeof CreateDocumentSchema>;

export const UpdateDocumentSchema = z.object({
  docId: IdSchema,
  title: TitleSchema.optional(),
  /** null removes the document from its project. */
  projectId: IdSchema.nullable().optional(),
  readOnly: z.boolean().optional(),
  /**
   * Replace the whole text with this Markdown; applied to the live document, so open editors see
   * it. Refused while the document is read-only.
   */
  content: ContentSchema.optional(),
});
export type UpdateDocument = z.infer<typeof UpdateDocumentSchema>;

export const BatchUpdateDocumentSchema = z.object({
  items: z.array(UpdateDocumentSchema).min(1).max(LIMITS.maxBatchItems),
});

export const DocIdBodySchema = z.object({ docId: IdSchema });
export const DocIdQuerySchema = z.object({ docId: IdSchema });

export const ListDocumentsQuerySchema = PageQuerySchema.extend({ projectId: IdSchema.optional() });

export const DocumentExportFormatSchema = z.enum(['md', 'docx', 'pdf']);
export const ExportDocumentQuerySchema = z.object({
  docId: IdSchema,
  format: DocumentExportFormatSchema.default('md'),
});
