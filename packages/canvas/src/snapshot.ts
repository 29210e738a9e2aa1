// Plain-JSON snapshots of a canvas Y.Doc: reading one out and applying one back as a minimal diff.
import * as Y from 'yjs';
import { getCanvasMaps, readNodeMap, withoutUndefined, writeNodeMap } from './doc.js';
import { CanvasValidationError, parseOrThrow } from './errors.js';
import {
  CANVAS_SCHEMA_VERSION,
  CanvasEdgeSchema,
  CanvasSnapshotSchema,
  type CanvasEdge,
  type CanvasNode,
  type CanvasSnapshot,
  type CanvasSnapshotInput,
} from './model.js';

/**
 * Orders nodes parents-first (React Flow needs a group before its children), then by id, so
 * every peer derives the same array from the same state.
 */
export function orderNodes(nodes: readonly CanvasNode[]): CanvasNode[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const depthOf = (node: CanvasNode): number => {
    let depth = 0;
    for (let p = node.parentId; p !== undefined && depth < 1000; p = byId.get(p)?.parentId) depth += 1;
    return depth;
  };
  const depths = new Map(nodes.map((node) => [node.id, depthOf(node)]));
  return [...nodes].sort(
    (a, b) => (depths.get(a.id) ?? 0) - (depths.get(b.id) ?? 0) || compareIds(a.id, b.id),
  );
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Lists references that point nowhere (edge ends, parents), as readable issues. */
export function findDanglingReferences(snapshot: Pick<CanvasSnapshot, 'nodes' | 'edges'>): string[] {
  const ids = new Set(snapshot.nodes.map((node) => node.id));
  const issues: string[] = [];
  if (ids.size !== snapshot.nodes.length) issues.push('duplicate node ids');
  if (new Set(snapshot.edges.map((edge) => edge.id)).size !== snapshot.edges.length)
    issues.push('duplicate edge ids');
  for (const node of snapshot.nodes) {
    if (node.parentId !== undefined && !ids.has(node.parentId)) {
      issues.push(`node ${node.id}: parent ${node.parentId} not found`);
    }
  }
  for (const edge of snapshot.edges) {
    if (!ids.has(edge.source) || !ids.has(edge.target))
      issues.push(`edge ${edge.id}: source or target not found`);
  }
  return issues;
}

/**
 * Puts nodes and edges in canonical form: parent links and edges that point at a missing node
 * are dropped (concurrent edits can leave them: a peer deleted a group or node while another
 * linked to it), nodes are ordered parents-first and edges by id.
 */
export function normalizeSnapshot(
  nodes: readonly CanvasNode[],
  edges: readonly CanvasEdge[],
): CanvasSnapshot {
  const ids = new Set(nodes.map((node) => node.id));
  const kept = nodes.map((node) => {
    if (node.parentId === undefined || ids.has(node.parentId)) return node;
    const { parentId: _dropped, ...rest } = node;
    return rest;
  });
  return {
    schemaVersion: CANVAS_SCHEMA_VERSION,
    nodes: orderNodes(kept),
    edges: edges
      .filter((edge) => ids.has(edge.source) && ids.has(edge.target))
      .sort((a, b) => compareIds(a.id, b.id)),
  };
}

/** Reads the canvas as plain JSON (normalized, see normalizeSnapshot). */
export function getCanvasSnapshot(doc: Y.Doc): CanvasSnapshot {
  const maps = getCanvasMaps(doc);
  const nodes: CanvasNode[] = [];
  for (const map of maps.nodes.values()) {
    const node = map instanceof Y.Map ? readNodeMap(map) : undefined;
    if (node) nodes.push(node);
  }
  const edges: CanvasEdge[] = [];
  for (const value of maps.edges.values()) {
    const result = CanvasEdgeSchema.safeParse(value);
    if (result.success) edges.push(result.data);
  }
  return normalizeSnapshot(nodes, edges);
}

/**
 * Makes the document equal to `snapshot`, writing only what differs, so a live document keeps
 * its history and other peers see a small update. Takes a current-version snapshot; run
 * `migrateCanvasSnapshot` first on anything read from storage or a file.
 */
export function applySnapshot(doc: Y.Doc, snapshot: CanvasSnapshotInput): void {
  const parsed = parseOrThrow(CanvasSnapshotSchema, snapshot, 'canvas snapshot');
  const issues = findDanglingReferences(parsed);
  if (issues.length > 0) throw new CanvasValidationError('invalid canvas snapshot', issues);
  const maps = getCanvasMaps(doc);
  const nodeIds = new Set(parsed.nodes.map((node) => node.id));
  const edgeIds = new Set(parsed.edges.map((edge) => edge.id));
  doc.transact(() => {
    for (const id of [...maps.edges.keys()]) if (!edgeIds.has(id)) maps.edges.delete(id);
    for (const id of [...maps.nodes.keys()]) if (!nodeIds.has(id)) maps.nodes.delete(id);
    for (const node of parsed.nodes) {
      let map = maps.nodes.get(node.id);
      if (!(map instanceof Y.Map)) {
        map = new Y.Map<unknown>();
        maps.nodes.set(node.id, map);
      }
      writeNodeMap(map, node);
    }
    for (const edge of parsed.edges) {
      const stored = withoutUndefined(edge);
      if (JSON.stringify(maps.edges.get(edge.id)) !== JSON.stringify(stored)) maps.edges.set(edge.id, stored);
    }
    if (maps.meta.get('schemaVersion') !== CANVAS_SCHEMA_VERSION)
      maps.meta.set('schemaVersion', CANVAS_SCHEMA_VERSION);
  });
}
