// The canvas Y.Doc: root maps, node and edge mutations, and the node-limit guard.
import * as Y from 'yjs';
import { CanvasValidationError, NodeLimitError, parseOrThrow } from './errors.js';
import { createCanvasId } from './ids.js';
import {
  CANVAS_SCHEMA_VERSION,
  CanvasEdgeSchema,
  CanvasNodePatchSchema,
  CanvasNodeSchema,
  type CanvasEdge,
  type CanvasNode,
  type CanvasNodeInput,
  type CanvasNodePatch,
} from './model.js';

/**
 * Layout of the Y.Doc. Each node is a Y.Map of plain fields plus a nested `data` Y.Map, so two
 * people moving a node and renaming it at once both win; edges are plain objects (replaced whole).
 */
export const CANVAS_ROOT = { nodes: 'nodes', edges: 'edges', meta: 'meta' } as const;

export interface CanvasMaps {
  nodes: Y.Map<Y.Map<unknown>>;
  edges: Y.Map<CanvasEdge>;
  meta: Y.Map<unknown>;
}

export type NewCanvasNode = Omit<CanvasNodeInput, 'id'> & { id?: string };
export type NewCanvasEdge = Omit<CanvasEdge, 'id'> & { id?: string };

const NODE_FIELDS = ['id', 'type', 'position', 'width', 'height', 'parentId', 'style'] as const;
const DATA_FIELDS = ['title', 'entityId', 'contentPreview', 'metadata'] as const;

export function getCanvasMaps(doc: Y.Doc): CanvasMaps {
  return {
    nodes: doc.getMap<Y.Map<unknown>>(CANVAS_ROOT.nodes),
    edges: doc.getMap<CanvasEdge>(CANVAS_ROOT.edges),
    meta: doc.getMap<unknown>(CANVAS_ROOT.meta),
  };
}

/** A new, empty canvas document stamped with the current schema version. */
export function createCanvasDoc(): Y.Doc {
  const doc = new Y.Doc();
  getCanvasMaps(doc).meta.set('schemaVersion', CANVAS_SCHEMA_VERSION);
  return doc;
}

/** Reads one node map; returns undefined for entries that do not fit the model. */
export function readNodeMap(map: Y.Map<unknown>): CanvasNode | undefined {
  const result = CanvasNodeSchema.safeParse(map.toJSON());
  return result.success ? result.data : undefined;
}

/** Writes `node` into `map` field by field, touching only fields whose value changed. */
export function writeNodeMap(map: Y.Map<unknown>, node: CanvasNode): void {
  for (const field of NODE_FIELDS) setIfChanged(map, field, node[field]);
  let data = map.get('data');
  if (!(data instanceof Y.Map)) {
    data = new Y.Map<unknown>();
    map.set('data', data);
  }
  const dataMap = data as Y.Map<unknown>;
  for (const field of DATA_FIELDS) setIfChanged(dataMap, field, node.data[field]);
}

function setIfChanged(map: Y.Map<unknown>, key: string, value: unknown): void {
  if (value === undefined) {
    if (map.has(key)) map.delete(key);
    return;
  }
  if (JSON.stringify(map.get(key)) !== JSON.stringify(value)) map.set(key, value);
}

/** Drops keys whose value is undefined (Yjs would store them). */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function getNode(doc: Y.Doc, id: string): CanvasNode | undefined {
  const map = getCanvasMaps(doc).nodes.get(id);
  return map ? readNodeMap(map) : undefined;
}

export function getNodeCount(doc: Y.Doc): number {
  return getCanvasMaps(doc).nodes.size;
}

/** Throws NodeLimitError when adding `adding` nodes would take the canvas over `max`. */
export function assertNodeLimit(doc: Y.Doc, max: number, adding = 1): void {
  const count = getNodeCount(doc);
  if (count + adding > max) throw new NodeLimitError(max, count);
}

function assertValidParent(maps: CanvasMaps, nodeId: string, parentId: string | undefined): void {
  if (parentId === undefined) return;
  // Walk up from the new parent: reaching nodeId would make a cycle.
  let current: string | undefined = parentId;
  for (let depth = 0; current !== undefined && depth < 1000; depth += 1) {
    if (current === nodeId) throw new CanvasValidationError('a node cannot be inside itself');
    const map = maps.nodes.get(current);
    if (!map) throw new CanvasValidationError(`parent node not found: ${current}`);
    if (current === parentId && map.get('type') !== 'group') {
      throw new CanvasValidationError(`parent node is not a group: ${parentId}`);
    }
    const next = map.get('parentId');
    current = typeof next === 'string' ? next : undefined;
  }
}

/** Adds a node (id generated when missing) and returns it as stored. */
export function addNode(doc: Y.Doc, node: NewCanvasNode, options: { maxNodes?: number } = {}): CanvasNode {
  const parsed = parseOrThrow(CanvasNodeSchema, { ...node, id: node.id ?? createCanvasId('node') }, 'node');
  const maps = getCanvasMaps(doc);
  if (maps.nodes.has(parsed.id)) throw new CanvasValidationError(`duplicate node id: ${parsed.id}`);
  if (options.maxNodes !== undefined) assertNodeLimit(doc, options.maxNodes);
  assertValidParent(maps, parsed.id, parsed.parentId);
  doc.transact(() => {
    const map = new Y.Map<unknown>();
    maps.nodes.set(parsed.id, map);
    writeNodeMap(map, parsed);
  });
  return parsed;
}

/** Applies a patch to a node; returns false when the node does not exist. */
export function updateNode(doc: Y.Doc, id: string, patch: CanvasNodePatch): boolean {
  const parsed = parseOrThrow(CanvasNodePatchSchema, patch, 'node patch');
  const maps = getCanvasMaps(doc);
  const map = maps.nodes.get(id);
  if (!map) return false;
  if (typeof parsed.parentId === 'string') assertValidParent(maps, id, parsed.parentId);
  doc.transact(() => {
    if (parsed.position) setIfChanged(map, 'position', parsed.position);
    for (const field of ['width', 'height', 'parentId', 'style'] as const) {
      const value = parsed[field];
      if (value !== undefined) setIfChanged(map, field, value ?? undefined);
    }
    if (parsed.data) {
      let data = map.get('data');
      if (!(data instanceof Y.Map)) {
        data = new Y.Map<unknown>();
        map.set('data', data);
      }
      for (const [key, value] of Object.entries(parsed.data))
        setIfChanged(data as Y.Map<unknown>, key, value);
    }
  });
  return true;
}

function positionOf(map: Y.Map<unknown>): { x: number; y: number } {
  const position = map.get('position') as { x?: unknown; y?: unknown } | undefined;
  return {
    x: typeof position?.x === 'number' ? position.x : 0,
    y: typeof position?.y === 'number' ? position.y : 0,
  };
}

/**
 * Removes nodes and every edge touching them. Children of a removed group are NOT removed: they
 * are reparented to the nearest surviving ancestor (or the canvas) with their position converted
 * so they stay where they were on screen. To delete a group with its content, pass the children's
 * ids too. Returns the ids actually removed.
 */
export function removeNodes(doc: Y.Doc, ids: Iterable<string>): string[] {
  const maps = getCanvasMaps(doc);
  const removed = new Set([...ids].filter((id) => maps.nodes.has(id)));
  if (removed.size === 0) return [];
  doc.transact(() => {
    for (const [childId, child] of maps.nodes) {
      if (removed.has(childId)) continue;
      let parentId = child.get('parentId');
      if (typeof parentId !== 'string' || !removed.has(parentId)) continue;
      const position = positionOf(child);
      for (let depth = 0; typeof parentId === 'string' && removed.has(parentId) && depth < 1000; depth += 1) {
        const parent: Y.Map<unknown> | undefined = maps.nodes.get(parentId);
        if (!parent) break;
        const offset = positionOf(parent);
        position.x += offset.x;
        position.y += offset.y;
        parentId = parent.get('parentId');
      }
      child.set('position', position);
      if (typeof parentId === 'string' && maps.nodes.has(parentId)) child.set('parentId', parentId);
      else child.delete('parentId');
    }
    for (const [edgeId, edge] of maps.edges) {
      if (removed.has(edge.source) || removed.has(edge.target)) maps.edges.delete(edgeId);
    }
    for (const id of removed) maps.nodes.delete(id);
  });
  return [...removed];
}

/** Adds an edge between two existing nodes (id generated when missing) and returns it. */
export function addEdge(doc: Y.Doc, edge: NewCanvasEdge): CanvasEdge {
  const parsed = parseOrThrow(CanvasEdgeSchema, { ...edge, id: edge.id ?? createCanvasId('edge') }, 'edge');
  const maps = getCanvasMaps(doc);
  if (maps.edges.has(parsed.id)) throw new CanvasValidationError(`duplicate edge id: ${parsed.id}`);
  for (const end of [parsed.source, parsed.target]) {
    if (!maps.nodes.has(end)) throw new CanvasValidationError(`source node not found or deleted: ${end}`);
  }
  const stored = withoutUndefined(parsed);
  maps.edges.set(stored.id, stored);
  return stored;
}

/** Removes edges by id; returns the ids actually removed. */
export function removeEdges(doc: Y.Doc, ids: Iterable<string>): string[] {
  const { edges } = getCanvasMaps(doc);
  const removed = [...new Set(ids)].filter((id) => edges.has(id));
  if (removed.length > 0) doc.transact(() => removed.forEach((id) => edges.delete(id)));
  return removed;
}
