// Canvas data shapes (schema version 2): node types, node, edge and snapshot zod schemas and types.
import { z } from 'zod';
import { CanvasNodeTypeSchema } from '@atelier/contract';

/** Version of the persisted canvas JSON shape; bump it together with a migration in migrations.ts. */
export const CANVAS_SCHEMA_VERSION = 2;

// The node types are the contract's: one list for the API and the live model.
export { CANVAS_NODE_TYPES, CanvasNodeTypeSchema } from '@atelier/contract';
export type CanvasNodeType = z.infer<typeof CanvasNodeTypeSchema>;

export const JsonValueSchema = z.json();
export type JsonValue = z.output<typeof JsonValueSchema>;

export const JsonObjectSchema = z.record(z.string(), JsonValueSchema);
export type JsonObject = z.output<typeof JsonObjectSchema>;

export const XYPositionSchema = z.object({ x: z.number(), y: z.number() });
export type XYPosition = z.infer<typeof XYPositionSchema>;

/** Node data. Nodes without an entity (memo, group) carry `entityId: ''`. */
export const CanvasNodeDataSchema = z.object({
  title: z.string().default(''),
  entityId: z.string().default(''),
  contentPreview: z.string().default(''),
  metadata: JsonObjectSchema.default({}),
});
export type CanvasNodeData = z.output<typeof CanvasNodeDataSchema>;

/** Inline style of a node (CSS-like keys, as React Flow takes them). */
export const CanvasNodeStyleSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type CanvasNodeStyle = z.infer<typeof CanvasNodeStyleSchema>;

/**
 * A canvas node in React Flow's shape. `position` is relative to the parent group when
 * `parentId` is set (React Flow's convention), absolute otherwise.
 */
export const CanvasNodeSchema = z.object({
  id: z.string().min(1),
  type: CanvasNodeTypeSchema,
  position: XYPositionSchema,
  data: CanvasNodeDataSchema,
  width: z.number().positive().optional(),
  height: z.number().positive().optional(),
  parentId: z.string().min(1).optional(),
  style: CanvasNodeStyleSchema.optional(),
});
/** A node as stored and read back: every data field present. */
export type CanvasNode = z.output<typeof CanvasNodeSchema>;
/** A node as callers may pass it: data fields other than the title may be left out. */
export type CanvasNodeInput = z.input<typeof CanvasNodeSchema>;

export const CanvasEdgeSchema = z.object({
  id: z.string().min(1),
  source: z.string().min(1),
  target: z.string().min(1),
  sourceHandle: z.string().optional(),
  targetHandle: z.string().optional(),
  type: z.string().optional(),
  data: JsonObjectSchema.optional(),
});
export type CanvasEdge = z.infer<typeof CanvasEdgeSchema>;

/** Plain-JSON picture of a canvas: what is persisted, exported and sent to the AI. */
export const CanvasSnapshotSchema = z.object({
  schemaVersion: z.literal(CANVAS_SCHEMA_VERSION),
  nodes: z.array(CanvasNodeSchema),
  edges: z.array(CanvasEdgeSchema),
});
export type CanvasSnapshot = z.output<typeof CanvasSnapshotSchema>;
export type CanvasSnapshotInput = z.input<typeof CanvasSnapshotSchema>;

/** Patch for `updateNode`: `data` merges key by key; `null` removes an optional field. */
export const CanvasNodePatchSchema = z.object({
  position: XYPositionSchema.optional(),
  data: z
    .object({
      title: z.string(),
      entityId: z.string(),
      contentPreview: z.string(),
      metadata: JsonObjectSchema,
    })
    .partial()
    .optional(),
  width: z.number().positive().nullable().optional(),
  height: z.number().positive().nullable().optional(),
  parentId: z.string().min(1).nullable().optional(),
  style: CanvasNodeStyleSchema.nullable().optional(),
});
export type CanvasNodePatch = z.infer<typeof CanvasNodePatchSchema>;
