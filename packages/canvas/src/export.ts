// Our own versioned canvas file format (`atelier-canvas`): export, and import with fresh ids.
import { z } from 'zod';
import { parseOrThrow } from './errors.js';
import { createCanvasId } from './ids.js';
import { migrateCanvasSnapshot } from './migrations.js';
import { CANVAS_SCHEMA_VERSION, type CanvasEdge, type CanvasNode, type CanvasSnapshot } from './model.js';
import { normalizeSnapshot } from './snapshot.js';

export const ATELIER_CANVAS_FORMAT = 'atelier-canvas';

/** The file shape; `version` is the canvas schema version of `nodes`/`edges`, so old files migrate. */
export const AtelierCanvasFileSchema = z.object({
  format: z.literal(ATELIER_CANVAS_FORMAT),
  version: z.number().int().positive(),
  title: z.string(),
  nodes: z.array(z.unknown()),
  edges: z.array(z.unknown()).default([]),
});

export interface AtelierCanvasExport {
  format: typeof ATELIER_CANVAS_FORMAT;
  version: number;
  title: string;
  nodes: CanvasNode[];
  edges: CanvasEdge[];
}

export function exportCanvas(snapshot: CanvasSnapshot, title: string): AtelierCanvasExport {
  return {
    format: ATELIER_CANVAS_FORMAT,
    version: CANVAS_SCHEMA_VERSION,
    title,
    nodes: snapshot.nodes,
    edges: snapshot.edges,
  };
}

/**
 * Gives every node and edge a new id (parent links and edge ends follow), so imported content
 * never collides with what is already in a canvas. Edges whose ends are unknown are dropped.
 */
export function regenerateIds(
  snapshot: CanvasSnapshot,
  createId: (kind: 'node' | 'edge') => string = createCanvasId,
): CanvasSnapshot {
  const nodeIds = new Map(snapshot.nodes.map((node) => [node.id, createId('node')]));
  const nodes = snapshot.nodes.map((node): CanvasNode => {
    const parentId = node.parentId === undefined ? undefined : nodeIds.get(node.parentId);
    const { parentId: _old, ...rest } = node;
    return { ...rest, id: nodeIds.get(node.id) ?? createId('node'), ...(parentId ? { parentId } : {}) };
  });
  const edges = snapshot.edges.flatMap((edge): CanvasEdge[] => {
    const source = nodeIds.get(edge.source);
    const target = nodeIds.get(edge.target);
    return source && target ? [{ ...edge, id: createId('edge'), source, target }] : [];
  });
  return normalizeSnapshot(nodes, edges);
}

/** Reads an `atelier-canvas` file of any known version; ids are regenerated. */
export function importCanvas(
  json: unknown,
  options: { createId?: (kind: 'node' | 'edge') => string } = {},
): { title: string; snapshot: CanvasSnapshot } {
  const file = parseOrThrow(AtelierCanvasFileSchema, json, 'canvas file');
  const snapshot = migrateCanvasSnapshot({
    schemaVersion: file.version,
    nodes: file.nodes,
    edges: file.edges,
  });
  return { title: file.title, snapshot: regenerateIds(snapshot, options.createId) };
}
