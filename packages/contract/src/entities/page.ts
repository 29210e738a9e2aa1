/** Pages: slideshow-style pages made from canvas nodes (spec sections 3 "Page", 7 "Pages"). */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import {
  DescriptionSchema,
  IdSchema,
  MetadataSchema,
  PageQuerySchema,
  StorageKeySchema,
  TimestampSchema,
  TitleSchema,
} from './common.js';

export const PageStatusSchema = z.enum(['draft', 'published']);
export type PageStatus = z.infer<typeof PageStatusSchema>;

/** Node types a page may show: document, resource, skill response, memo, website, artifact. */
export const PageNodeTypeSchema = z.enum([
  'document',
  'resource',
  'skillResponse',
  'memo',
  'website',
  'codeArtifact',
]);
export type PageNodeType = z.infer<typeof PageNodeTypeSchema>;

export const PageSchema = z.object({
  pageId: z.string(),
  title: z.string(),
  description: z.string().nullish(),
  status: PageStatusSchema,
  canvasId: z.string(),
  coverUrl: z.string().nullish(),
  /** Share of the published page, when there is one. */
  shareId: z.string().nullish(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Page = z.infer<typeof PageSchema>;

export const PageNodeRelationSchema = z.object({
  relationId: z.string(),
  pageId: z.string(),
  nodeId: z.string(),
  nodeType: PageNodeTypeSchema,
  entityId: z.string(),
  orderIndex: z.number().int(),
  /** Snapshot of the canvas node's data when it was added (title, preview, metadata). */
  nodeData: MetadataSchema,
});
export type PageNodeRelation = z.infer<typeof PageNodeRelationSchema>;

export const PageConfigSchema = z.object({
  layout: z.enum(['slides', 'wide']).default('slides'),
  theme: z.enum(['light', 'dark']).default('light'),
  /** Show the navigation directory beside the slides. */
  showDirectory: z.boolean().default(true),
});
export type PageConfig = z.infer<typeof PageConfigSchema>;

export const PageDetailSchema = PageSchema.extend({
  nodeRelations: z.array(PageNodeRelationSchema),
  pageConfig: PageConfigSchema,
});
export type PageDetail = z.infer<typeof PageDetailSchema>;

// ---- requests ----

export const CanvasIdParamsSchema = z.object({ canvasId: IdSchema });
export const PageIdParamsSchema = z.object({ pageId: IdSchema });
export const PageNodeParamsSchema = z.object({ pageId: IdSchema, nodeId: IdSchema });

/** Creating a page needs at least one selected node (spec section 5). */
export const AddPageNodesSchema = z.object({
  nodeIds: z.array(IdSchema).min(1, 'Select at least one node').max(LIMITS.maxCanvasNodes),
});

export const UpdatePageSchema = z.object({
  title: TitleSchema.optional(),
  description: DescriptionSchema.optional(),
  /** New order indices of the listed nodes; others keep theirs (remove one with DELETE …/nodes/{nodeId}). */
  nodeRelations: z
    .array(z.object({ nodeId: IdSchema, orderIndex: z.number().int().min(0).max(100_000) }))
    .max(LIMITS.maxCanvasNodes)
    .optional(),
  /**
   * The page's cover (spec §3 coverUrl): one of the caller's uploaded PNG, JPEG, GIF or WebP images
   * (POST /misc/upload); null removes it. Publishing copies it into the share's storage.
   */
  coverStorageKey: StorageKeySchema.nullable().optional(),
  /** Ours beyond the spec's three fields: how the page is laid out when shown. */
  pageConfig: PageConfigSchema.partial().optional(),
});
export type UpdatePage = z.infer<typeof UpdatePageSchema>;

export const ListPagesQuerySchema = PageQuerySchema.extend({ status: PageStatusSchema.optional() });

/** Formats a page exports to (ours beyond the spec: issue 11 point 9). */
export const PageExportFormatSchema = z.enum(['pptx', 'pdf']);
export type PageExportFormat = z.infer<typeof PageExportFormatSchema>;
export const PageExportQuerySchema = z.object({ format: PageExportFormatSchema });
/** A published page's export, for anyone who may open its share. */
export const SharePageExportQuerySchema = z.object({ shareId: IdSchema, format: PageExportFormatSchema });
