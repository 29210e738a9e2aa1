// Versioned persisted canvas JSON: the older shapes, one migration per version step, and detection.
import { z } from 'zod';
import { CanvasValidationError, parseOrThrow } from './errors.js';
import {
  CANVAS_SCHEMA_VERSION,
  CanvasNodeStyleSchema,
  CanvasSnapshotSchema,
  JsonObjectSchema,
  type CanvasSnapshot,
  type JsonObject,
} from './model.js';
import { findDanglingReferences, normalizeSnapshot } from './snapshot.js';

/**
 * Version 1, the pre-0.6 shape: the version sat in `version` (or was absent); nodes had
 * `position: [x, y]`, an optional `size: [w, h]` and `parent` for their group; node data had no
 * `entityId` (it lived in `data.metadata.entityId`, when at all); code artifacts were typed
 * `artifact`; edges could lack an id.
 */
export const CanvasSnapshotV1Schema = z.object({
  version: z.literal(1).optional(),
  nodes: z.array(
    z.object({
      id: z.string().min(1),
      type: z.string(),
      position: z.tuple([z.number(), z.number()]),
      size: z.tuple([z.number().positive(), z.number().positive()]).optional(),
      parent: z.string().min(1).optional(),
      data: z
        .object({
          title: z.string().optional(),
          contentPreview: z.string().optional(),
          metadata: JsonObjectSchema.optional(),
        })
        .optional(),
      style: CanvasNodeStyleSchema.optional(),
    }),
  ),
  edges: z
    .array(
      z.object({
        id: z.string().min(1).optional(),
        source: z.string().min(1),
        target: z.string().min(1),
        sourceHandle: z.string().nullish(),
        targetHandle: z.string().nullish(),
        type: z.string().optional(),
        data: JsonObjectSchema.optional(),
      }),
    )
    .default([]),
});
export type CanvasSnapshotV1 = z.input<typeof CanvasSnapshotV1Schema>;

const V1_TYPE_RENAMES: Record<string, string> = { artifact: 'codeArtifact' };

function migrateV1ToV2(input: unknown): unknown {
  const v1 = parseOrThrow(CanvasSnapshotV1Schema, input, 'canvas snapshot (version 1)');
  const nodes = v1.nodes.map((node) => {
    const { entityId, ...metadata }: JsonObject = node.data?.metadata ?? {};
    return {
      id: node.id,
      type: V1_TYPE_RENAMES[node.type] ?? node.type,
      position: { x: node.position[0], y: node.position[1] },
      data: {
        title: node.data?.title ?? '',
        entityId: typeof entityId === 'string' ? entityId : '',
        contentPreview: node.data?.contentPreview ?? '',
        metadata,
      },
      ...(node.size ? { width: node.size[0], height: node.size[1] } : {}),
      ...(node.parent ? { parentId: node.parent } : {}),
      ...(node.style ? { style: node.style } : {}),
    };
  });
  // Edges without an id get a deterministic one, unique within the canvas.
  const taken = new Set(v1.edges.flatMap((edge) => (edge.id ? [edge.id] : [])));
  const edges = v1.edges.map((edge) => {
    let id = edge.id;
    if (id === undefined) {
      const base = `edge-${edge.source}-${edge.target}`;
      id = base;
      for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
      taken.add(id);
    }
    return {
      id,
      source: edge.source,
      target: edge.target,
      ...(edge.sourceHandle ? { sourceHandle: edge.sourceHandle } : {}),
      ...(edge.targetHandle ? { targetHandle: edge.targetHandle } : {}),
      ...(edge.type ? { type: edge.type } : {}),
      ...(edge.data ? { data: edge.data } : {}),
    };
  });
  return { schemaVersion: 2, nodes, edges };
}

/** Step `n` turns a version-n snapshot into a version-(n+1) one. */
const MIGRATIONS: Readonly<Record<number, (snapshot: unknown) => unknown>> = { 1: migrateV1ToV2 };

/** The schema version of persisted canvas JSON (unversioned legacy JSON with a node array is version 1). */
export function detectCanvasSchemaVersion(json: unknown): number {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new CanvasValidationError('not a canvas snapshot');
  }
  const record = json as Record<string, unknown>;
  if (typeof record.schemaVersion === 'number') return record.schemaVersion;
  if (typeof record.version === 'number') return record.version;
  if (Array.isArray(record.nodes)) return 1;
  throw new CanvasValidationError('not a canvas snapshot');
}

/**
 * Brings persisted canvas JSON of any known version to the current shape and validates it.
 * Dangling references are repaired as in getCanvasSnapshot; duplicate ids are an error.
 */
export function migrateCanvasSnapshot(json: unknown): CanvasSnapshot {
  let version = detectCanvasSchemaVersion(json);
  if (!Number.isInteger(version) || version < 1 || version > CANVAS_SCHEMA_VERSION) {
    throw new CanvasValidationError(`unsupported canvas schema version ${version}`);
  }
  let current = json;
  for (; version < CANVAS_SCHEMA_VERSION; version += 1) {
    const step = MIGRATIONS[version];
    if (!step) throw new CanvasValidationError(`no migration from canvas schema version ${version}`);
    current = step(current);
  }
  const parsed = parseOrThrow(CanvasSnapshotSchema, current, 'canvas snapshot');
  const duplicates = findDanglingReferences(parsed).filter((issue) => issue.startsWith('duplicate'));
  if (duplicates.length > 0) throw new CanvasValidationError('invalid canvas snapshot', duplicates);
  return normalizeSnapshot(parsed.nodes, parsed.edges);
}
