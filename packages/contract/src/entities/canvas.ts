/** Canvas, its React-Flow-like nodes and edges, and the canvas requests (spec sections 3, 7 "Canvas"). */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import {
  HttpUrlSchema,
  IdSchema,
  MetadataSchema,
  PageQuerySchema,
  StorageKeySchema,
  TimestampSchema,
  TitleSchema,
} from './common.js';

export const CanvasStatusSchema = z.enum(['ready', 'duplicating', 'duplicate_failed']);
export type CanvasStatus = z.infer<typeof CanvasStatusSchema>;

/** Node types of the data model, plus mindMap which the interface names. */
export const CANVAS_NODE_TYPES = [
  'document',
  'codeArtifact',
  'website',
  'resource',
  'skill',
  'tool',
  'skillResponse',
  'toolResponse',
  'memo',
  'group',
  'image',
  'mindMap',
] as const;
export const CanvasNodeTypeSchema = z.enum(CANVAS_NODE_TYPES);
export type CanvasNodeType = z.infer<typeof CanvasNodeTypeSchema>;

export const CanvasNodeDataSchema = z.object({
  title: z.string().max(1024).default(''),
  /** Id of the entity the node shows (docId, resourceId, resultId…); empty for memo or group. */
  entityId: z.string().max(128).default(''),
  contentPreview: z.string().max(LIMITS.maxContentChars).optional(),
  metadata: MetadataSchema.optional(),
});
export type CanvasNodeData = z.infer<typeof CanvasNodeDataSchema>;

/** Metadata a website node needs before it can show anything ("A website node needs a URL"). */
export const WebsiteNodeMetadataSchema = z.object({
  url: HttpUrlSchema,
  viewMode: z.enum(['form', 'preview']).optional(),
});

export const XYPositionSchema = z.object({ x: z.number(), y: z.number() });
const SizeSchema = z.object({ width: z.number().optional(), height: z.number().optional() });
const StyleSchema = z.record(z.string().max(64), z.union([z.string().max(256), z.number()]));

export const CanvasNodeSchema = z.object({
  id: IdSchema,
  type: CanvasNodeTypeSchema,
  position: XYPositionSchema,
  data: CanvasNodeDataSchema,
  width: z.number().optional(),
  height: z.number().optional(),
  measured: SizeSchema.optional(),
  /** Id of the group node that contains this one. */
  parentId: IdSchema.optional(),
  selected: z.boolean().optional(),
  hidden: z.boolean().optional(),
  draggable: z.boolean().optional(),
  zIndex: z.number().int().optional(),
  className: z.string().max(256).optional(),
  style: StyleSchema.optional(),
});
export type CanvasNode = z.infer<typeof CanvasNodeSchema>;

export const CanvasEdgeSchema = z.object({
  id: IdSchema,
  source: IdSchema,
  target: IdSchema,
  sourceHandle: z.string().max(128).nullish(),
  targetHandle: z.string().max(128).nullish(),
  type: z.string().max(64).optional(),
  label: z.string().max(512).optional(),
  animated: z.boolean().optional(),
  selected: z.boolean().optional(),
  hidden: z.boolean().optional(),
  style: StyleSchema.optional(),
  data: MetadataSchema.optional(),
});
export type CanvasEdge = z.infer<typeof CanvasEdgeSchema>;

export const CanvasOwnerSchema = z.object({
  uid: z.string(),
  name: z.string().nullish(),
  nickname: z.string().nullish(),
  avatar: z.string().nullish(),
});

/** Raw canvas data (GET /canvas/data): owner, title, minimap and the node graph. */
export const CanvasDataSchema = z.object({
  owner: CanvasOwnerSchema.optional(),
  title: z.string().max(512),
  minimapUrl: z.string().nullish(),
  // No cap here: the instance's CANVAS_MAX_NODES is what limits a canvas, not the answer shape.
  nodes: z.array(CanvasNodeSchema),
  edges: z.array(CanvasEdgeSchema),
});
export type CanvasData = z.infer<typeof CanvasDataSchema>;

export const CanvasSchema = z.object({
  canvasId: z.string(),
  title: z.string(),
  readOnly: z.boolean(),
  status: CanvasStatusSchema,
  projectId: z.string().nullish(),
  minimapUrl: z.string().nullish(),
  minimapStorageKey: z.string().nullish(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Canvas = z.infer<typeof CanvasSchema>;

// ---- requests ----

export const CreateCanvasSchema = z.object({
  /** Optional client-chosen id (lets a client create a canvas offline and sync later). */
  canvasId: IdSchema.optional(),
  title: TitleSchema.optional(),
  projectId: IdSchema.optional(),
  minimapStorageKey: StorageKeySchema.optional(),
});
export type CreateCanvas = z.infer<typeof CreateCanvasSchema>;

export const UpdateCanvasSchema = z.object({
  canvasId: IdSchema,
  title: TitleSchema.optional(),
  /** null removes the canvas from its project. */
  projectId: IdSchema.nullable().optional(),
  minimapStorageKey: StorageKeySchema.optional(),
  /** Read-only blocks canvas edits (spec section 6). */
  readOnly: z.boolean().optional(),
});
export type UpdateCanvas = z.infer<typeof UpdateCanvasSchema>;

export const CanvasIdBodySchema = z.object({ canvasId: IdSchema });

/** POST /canvas/addResource: a library resource as a node, right of what the canvas holds. */
export const AddResourceToCanvasSchema = z.object({ canvasId: IdSchema, resourceId: IdSchema });
export const AddedCanvasNodeSchema = z.object({ canvasId: z.string(), nodeId: z.string() });
export const CanvasIdQuerySchema = z.object({ canvasId: IdSchema });

export const DuplicateCanvasSchema = z.object({
  canvasId: IdSchema,
  title: TitleSchema.optional(),
  projectId: IdSchema.optional(),
  /** Also copy the documents, resources and artifacts the nodes point to (default false). */
  duplicateEntities: z.boolean().default(false),
});
export type DuplicateCanvas = z.infer<typeof DuplicateCanvasSchema>;

export const AutoNameCanvasSchema = z.object({
  canvasId: IdSchema,
  /** Save the generated title on the canvas right away (default false: only suggest it). */
  directUpdate: z.boolean().default(false),
});
export const AutoNameCanvasResultSchema = z.object({ title: z.string() });

export const CanvasFileFormatSchema = z.enum(['json', 'jsoncanvas']);

/** Non-file fields of the multipart canvas import; the file part is named `file`. */
export const ImportCanvasFieldsSchema = z.object({
  /** Omitted: detected from the file (a JSON Canvas has top-level `nodes` with `fromNode` edges). */
  format: CanvasFileFormatSchema.optional(),
  title: TitleSchema.optional(),
  projectId: IdSchema.optional(),
});

export const ListCanvasQuerySchema = PageQuerySchema.extend({ projectId: IdSchema.optional() });

export const ExportCanvasQuerySchema = z.object({
  canvasId: IdSchema,
  format: CanvasFileFormatSchema.default('json'),
});
