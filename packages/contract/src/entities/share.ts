/** Share records: view-only links to a canvas, page, document, skill response or code artifact. */
import { z } from 'zod';
import {
  ContentSchema,
  EntityTypeSchema,
  IdSchema,
  MetadataSchema,
  PageQuerySchema,
  StorageKeySchema,
  TimestampInputSchema,
  TimestampSchema,
  TitleSchema,
} from './common.js';
import { CanvasEdgeSchema, CanvasNodeSchema } from './canvas.js';
import { CodeArtifactTypeSchema } from './code-artifact.js';
import { PageConfigSchema, PageNodeTypeSchema } from './page.js';
import { CitationAnchorSchema, CitationSourceSchema } from './citation.js';

/** What can be shared as a link (spec section 1); templates share canvases. */
export const ShareEntityTypeSchema = EntityTypeSchema.extract([
  'canvas',
  'page',
  'document',
  'skillResponse',
  'codeArtifact',
]);
export type ShareEntityType = z.infer<typeof ShareEntityTypeSchema>;

/** What a share record may hold: the shareable types, and resources published inside a canvas or page. */
export const SharedEntityTypeSchema = EntityTypeSchema.extract([
  'canvas',
  'page',
  'document',
  'skillResponse',
  'codeArtifact',
  'resource',
]);
export type SharedEntityType = z.infer<typeof SharedEntityTypeSchema>;

/** Who may open a link: anyone holding it, or nobody but the owner (spec section 4). */
export const ShareAccessSchema = z.enum(['anyone', 'off']);
export type ShareAccess = z.infer<typeof ShareAccessSchema>;

export const ShareRecordSchema = z.object({
  shareId: z.string(),
  title: z.string(),
  entityType: SharedEntityTypeSchema,
  entityId: z.string(),
  allowDuplication: z.boolean(),
  /** Share of the containing entity (a document shared as part of a canvas share). */
  parentShareId: z.string().nullish(),
  templateId: z.string().nullish(),
  /** Ours beyond the spec: who may open it, until when, and whether viewers follow edits live. */
  access: ShareAccessSchema.default('anyone'),
  expiresAt: TimestampSchema.nullish(),
  /** Canvas and document shares only: viewers follow the owner's edits through a read-only connection. */
  live: z.boolean().default(false),
  /** The address a browser opens to view the share (the server's public URL + /share/{shareId}). */
  url: z.string(),
  coverUrl: z.string().nullish(),
  /** When the snapshot was last published ("Update link" publishes again). */
  publishedAt: TimestampSchema,
  /** The entity changed after the snapshot was published (owner's view; false for viewers). */
  stale: z.boolean().default(false),
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
  access: ShareAccessSchema.optional(),
  /** null: never expires. */
  expiresAt: TimestampInputSchema.nullable().optional(),
  live: z.boolean().optional(),
});
export type CreateShare = z.infer<typeof CreateShareSchema>;

/** Settings of an existing share; its snapshot stays as published (share.new publishes again). */
export const UpdateShareSchema = z.object({
  shareId: IdSchema,
  title: TitleSchema.optional(),
  allowDuplication: z.boolean().optional(),
  access: ShareAccessSchema.optional(),
  expiresAt: TimestampInputSchema.nullable().optional(),
  live: z.boolean().optional(),
});
export type UpdateShare = z.infer<typeof UpdateShareSchema>;

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
  entityType: SharedEntityTypeSchema.optional(),
  entityId: IdSchema.optional(),
});

export const ShareIdQuerySchema = z.object({ shareId: IdSchema });

/** One entity on a shared canvas, by the canvas share and the node's entity id. */
export const ShareChildQuerySchema = z.object({ shareId: IdSchema, entityId: IdSchema });

// ---- published snapshots: what `share.detail` answers as `data` ----
// Every URL inside a snapshot (images, files, covers) is one a link holder can open: files are
// copied to public keys or served through the share, never a private route.

/** Who published it, as a viewer sees it. */
export const SharedOwnerSchema = z.object({
  name: z.string().nullish(),
  nickname: z.string().nullish(),
  avatar: z.string().nullish(),
});

export const SharedCanvasSchema = z.object({
  kind: z.literal('canvas'),
  title: z.string(),
  owner: SharedOwnerSchema.nullish(),
  minimapUrl: z.string().nullish(),
  nodes: z.array(CanvasNodeSchema),
  edges: z.array(CanvasEdgeSchema),
  /** entityId → shareId of the child share published with the canvas, for each entity on it. */
  children: z.record(z.string(), z.string()),
});
export type SharedCanvas = z.infer<typeof SharedCanvasSchema>;

export const SharedDocumentSchema = z.object({
  kind: z.literal('document'),
  title: z.string(),
  owner: SharedOwnerSchema.nullish(),
  /** Markdown; citations are `[n]` links to their sources, never markers. */
  content: z.string(),
});
export type SharedDocument = z.infer<typeof SharedDocumentSchema>;

/** Search-source entries of old snapshots (`{ url, title, pageContent }`) as numbered sources. */
function legacySources(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((s: unknown, i) => {
    if (!s || typeof s !== 'object' || 'index' in s) return s;
    const { url, title } = s as { url?: unknown; title?: unknown };
    return {
      index: i + 1,
      kind: 'url',
      title: typeof title === 'string' && title ? title : typeof url === 'string' ? url : '',
      ...(typeof url === 'string' ? { url } : {}),
    };
  });
}

export const SharedSkillResponseSchema = z.object({
  kind: z.literal('skillResponse'),
  title: z.string(),
  owner: SharedOwnerSchema.nullish(),
  /** The question asked. */
  query: z.string(),
  /** The answer as Markdown (all steps' content, in order), without citation markers. */
  content: z.string(),
  /**
   * The sources the answer cites. Snapshots published before citations were structured hold
   * search sources (`{ url, title, pageContent }`): read as sources numbered in order.
   */
  sources: z.preprocess(legacySources, z.array(CitationSourceSchema)),
  /** Where in `content` each source is cited (citation.ts). */
  citations: z.array(CitationAnchorSchema).optional(),
  modelName: z.string().nullish(),
});
export type SharedSkillResponse = z.infer<typeof SharedSkillResponseSchema>;

export const SharedCodeArtifactSchema = z.object({
  kind: z.literal('codeArtifact'),
  title: z.string(),
  owner: SharedOwnerSchema.nullish(),
  type: CodeArtifactTypeSchema,
  language: z.string().nullish(),
  content: z.string(),
  /** The rendered image of the code (a diagram's picture), through the share; null when none was made. */
  previewUrl: z.string().nullish(),
});
export type SharedCodeArtifact = z.infer<typeof SharedCodeArtifactSchema>;

/** Only ever a child share (published with a canvas or page). */
export const SharedResourceSchema = z.object({
  kind: z.literal('resource'),
  title: z.string(),
  resourceType: z.enum(['weblink', 'text', 'file']),
  /** The web page of a weblink. */
  url: z.string().nullish(),
  /** The uploaded file, through the share. */
  fileUrl: z.string().nullish(),
  contentType: z.string().nullish(),
  /** Parsed content as Markdown. */
  content: z.string(),
});
export type SharedResource = z.infer<typeof SharedResourceSchema>;

export const SharedSlideSchema = z.object({
  nodeId: z.string(),
  nodeType: PageNodeTypeSchema,
  entityId: z.string(),
  title: z.string(),
  /** Memo text, website URL, preview: the canvas node's data when the page was published. */
  nodeData: MetadataSchema,
  /** The child share holding the entity's content (documents, resources, answers, artifacts). */
  childShareId: z.string().nullish(),
});
export type SharedSlide = z.infer<typeof SharedSlideSchema>;

export const SharedPageSchema = z.object({
  kind: z.literal('page'),
  title: z.string(),
  description: z.string().nullish(),
  owner: SharedOwnerSchema.nullish(),
  coverUrl: z.string().nullish(),
  pageConfig: PageConfigSchema,
  slides: z.array(SharedSlideSchema),
});
export type SharedPage = z.infer<typeof SharedPageSchema>;

export const SharedDataSchema = z.discriminatedUnion('kind', [
  SharedCanvasSchema,
  SharedDocumentSchema,
  SharedSkillResponseSchema,
  SharedCodeArtifactSchema,
  SharedResourceSchema,
  SharedPageSchema,
]);
export type SharedData = z.infer<typeof SharedDataSchema>;

/** What a link holder sees: the record and the published snapshot (shape depends on entityType). */
export const SharedContentSchema = z.object({
  share: ShareRecordSchema,
  data: SharedDataSchema,
});
export type SharedContent = z.infer<typeof SharedContentSchema>;

/** A read-only live connection to a live canvas or document share. */
export const ShareLiveTokenSchema = z.object({
  /** The collaboration WebSocket address. */
  url: z.string(),
  token: z.string(),
  /** The collab document name to open (`canvas:{id}` or `doc:{id}`). */
  documentName: z.string(),
});
export type ShareLiveToken = z.infer<typeof ShareLiveTokenSchema>;
