/**
 * Canvas edits that span several nodes: copy / paste (also across canvases), duplicate, group and
 * ungroup, and a left-to-right layered layout. Pure functions over the canvas Y.Doc, so they are
 * unit-tested without a browser. Positions of nodes inside a group are relative to the group.
 */
import type * as Y from 'yjs';
import {
  addEdge,
  addNode,
  createCanvasId,
  getCanvasSnapshot,
  getNode,
  regenerateIds,
  removeNodes,
  updateNode,
  type CanvasEdge,
  type CanvasNode,
  type CanvasSnapshot,
} from '@atelier/canvas';

export const DEFAULT_NODE_SIZE = { width: 240, height: 120 } as const;

/** What copy puts in localStorage and on the system clipboard. */
export interface CanvasClip {
  format: 'atelier-canvas-clip';
  version: 1;
  nodes: CanvasNode[];
  edges: CanvasEdge[];
}

export type SizeOf = (node: CanvasNode) => { width: number; height: number };

const defaultSize: SizeOf = (node) => ({
  width: node.width ?? DEFAULT_NODE_SIZE.width,
  height: node.height ?? DEFAULT_NODE_SIZE.height,
});

/** A node's rectangle on the canvas. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes come closer than `gap` to each other. */
export function overlaps(a: Box, b: Box, gap = 0): boolean {
  return (
    a.x < b.x + b.width + gap &&
    a.x + a.width + gap > b.x &&
    a.y < b.y + b.height + gap &&
    a.y + a.height + gap > b.y
  );
}

/**
 * Where a new node of `size` goes when it should stand at `start` (right of the node it answers):
 * there if that is free, else straight below, under whatever is in the way, so answers to the
 * same node stack up instead of covering each other.
 */
export function freeSpotBelow(
  start: { x: number; y: number },
  size: { width: number; height: number },
  boxes: readonly Box[],
  gap = 24,
): { x: number; y: number } {
  let y = start.y;
  for (let step = 0; step < 1000; step += 1) {
    const spot = { x: start.x, y, ...size };
    const blockers = boxes.filter((box) => overlaps(spot, box, gap));
    if (blockers.length === 0) break;
    y = Math.max(...blockers.map((box) => box.y + box.height)) + gap;
  }
  return { x: Math.round(start.x), y: Math.round(y) };
}

/** A node's position on the canvas (parents' offsets added up). */
export function absolutePosition(
  byId: ReadonlyMap<string, CanvasNode>,
  node: CanvasNode,
): { x: number; y: number } {
  let { x, y } = node.position;
  let parentId = node.parentId;
  for (let depth = 0; parentId !== undefined && depth < 1000; depth += 1) {
    const parent = byId.get(parentId);
    if (!parent) break;
    x += parent.position.x;
    y += parent.position.y;
    parentId = parent.parentId;
  }
  return { x, y };
}

/**
 * The selected nodes plus everything inside selected groups, and the edges between them.
 * Positions become absolute for nodes whose parent is not part of the clip.
 */
export function copyNodes(doc: Y.Doc, ids: readonly string[]): CanvasClip {
  const snapshot = getCanvasSnapshot(doc);
  const byId = new Map(snapshot.nodes.map((n) => [n.id, n]));
  const chosen = new Set(ids.filter((id) => byId.has(id)));
  // include descendants of selected groups
  let grew = true;
  while (grew) {
    grew = false;
    for (const node of snapshot.nodes) {
      if (!chosen.has(node.id) && node.parentId !== undefined && chosen.has(node.parentId)) {
        chosen.add(node.id);
        grew = true;
      }
    }
  }
  const nodes = snapshot.nodes
    .filter((n) => chosen.has(n.id))
    .map((n): CanvasNode => {
      if (n.parentId === undefined || chosen.has(n.parentId)) return n;
      const { parentId: _outside, ...rest } = n;
      return { ...rest, position: absolutePosition(byId, n) };
    });
  const edges = snapshot.edges.filter((e) => chosen.has(e.source) && chosen.has(e.target));
  return { format: 'atelier-canvas-clip', version: 1, nodes, edges };
}

/** Reads a clip back from text (localStorage or the system clipboard); null when it is not one. */
export function parseClip(text: string | null | undefined): CanvasClip | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<CanvasClip> | null;
    if (value?.format !== 'atelier-canvas-clip' || !Array.isArray(value.nodes) || !Array.isArray(value.edges))
      return null;
    return { format: 'atelier-canvas-clip', version: 1, nodes: value.nodes, edges: value.edges };
  } catch {
    return null;
  }
}

/**
 * Adds a clip's nodes and edges with new ids. Top-level nodes are moved so the clip's top-left
 * corner lands at `at` (or shifted by `offset` when no point is given). Returns the new node ids.
 */
export function pasteClip(
  doc: Y.Doc,
  clip: CanvasClip,
  place: { at?: { x: number; y: number }; offset?: { x: number; y: number } },
  maxNodes?: number,
): string[] {
  if (clip.nodes.length === 0) return [];
  const fresh: CanvasSnapshot = regenerateIds({
    schemaVersion: getCanvasSnapshot(doc).schemaVersion,
    nodes: clip.nodes,
    edges: clip.edges,
  });
  const top = fresh.nodes.filter((n) => n.parentId === undefined);
  const minX = Math.min(...top.map((n) => n.position.x));
  const minY = Math.min(...top.map((n) => n.position.y));
  const shift = place.at
    ? { x: place.at.x - minX, y: place.at.y - minY }
    : (place.offset ?? { x: 40, y: 40 });
  const ids: string[] = [];
  doc.transact(() => {
    for (const node of fresh.nodes) {
      const position =
        node.parentId === undefined
          ? { x: node.position.x + shift.x, y: node.position.y + shift.y }
          : node.position;
      ids.push(addNode(doc, { ...node, position }, maxNodes === undefined ? {} : { maxNodes }).id);
    }
    for (const edge of fresh.edges) addEdge(doc, edge);
  });
  return ids;
}

/** Duplicates nodes (with what is inside selected groups) next to the originals. */
export function duplicateNodes(doc: Y.Doc, ids: readonly string[], maxNodes?: number): string[] {
  return pasteClip(doc, copyNodes(doc, ids), { offset: { x: 40, y: 40 } }, maxNodes);
}

/**
 * Puts top-level nodes into a new group sized around them; their positions become relative to
 * the group. Nodes already inside another group are left where they are. Returns the group id.
 */
export function groupNodes(
  doc: Y.Doc,
  ids: readonly string[],
  options: { title?: string; sizeOf?: SizeOf; padding?: number } = {},
): string | null {
  const sizeOf = options.sizeOf ?? defaultSize;
  const padding = options.padding ?? 24;
  const snapshot = getCanvasSnapshot(doc);
  const byId = new Map(snapshot.nodes.map((n) => [n.id, n]));
  const members = ids
    .map((id) => byId.get(id))
    .filter((n): n is CanvasNode => n !== undefined && n.parentId === undefined);
  if (members.length === 0) return null;
  const boxes = members.map((n) => ({ node: n, ...n.position, ...sizeOf(n) }));
  const minX = Math.min(...boxes.map((b) => b.x)) - padding;
  const minY = Math.min(...boxes.map((b) => b.y)) - padding - 16;
  const maxX = Math.max(...boxes.map((b) => b.x + b.width)) + padding;
  const maxY = Math.max(...boxes.map((b) => b.y + b.height)) + padding;
  const groupId = createCanvasId('node');
  doc.transact(() => {
    addNode(doc, {
      id: groupId,
      type: 'group',
      position: { x: minX, y: minY },
      width: maxX - minX,
      height: maxY - minY,
      data: { title: options.title ?? '' },
    });
    for (const box of boxes) {
      updateNode(doc, box.node.id, { parentId: groupId, position: { x: box.x - minX, y: box.y - minY } });
    }
  });
  return groupId;
}

/** Removes a group and moves its children back onto the canvas where they were on screen. */
export function ungroupNode(doc: Y.Doc, groupId: string): string[] {
  const snapshot = getCanvasSnapshot(doc);
  const byId = new Map(snapshot.nodes.map((n) => [n.id, n]));
  const group = byId.get(groupId);
  if (group?.type !== 'group') return [];
  const children = snapshot.nodes.filter((n) => n.parentId === groupId);
  // removeNodes reparents the children keeping their place on screen and drops the group's edges
  removeNodes(doc, [groupId]);
  return children.map((c) => c.id);
}

/**
 * Left-to-right layered layout of the top-level nodes: a node's column is the longest chain of
 * edges leading to it (cycles are broken), rows keep the previous vertical order. Returns the
 * positions it set.
 */
export function autoLayout(
  doc: Y.Doc,
  options: { sizeOf?: SizeOf; gapX?: number; gapY?: number } = {},
): Map<string, { x: number; y: number }> {
  const sizeOf = options.sizeOf ?? defaultSize;
  const gapX = options.gapX ?? 80;
  const gapY = options.gapY ?? 40;
  const snapshot = getCanvasSnapshot(doc);
  const top = snapshot.nodes.filter((n) => n.parentId === undefined);
  const topIds = new Set(top.map((n) => n.id));
  const incoming = new Map<string, string[]>(top.map((n) => [n.id, []]));
  for (const edge of snapshot.edges) {
    if (topIds.has(edge.source) && topIds.has(edge.target) && edge.source !== edge.target)
      incoming.get(edge.target)?.push(edge.source);
  }
  const layer = new Map<string, number>();
  const visiting = new Set<string>();
  const layerOf = (id: string): number => {
    const known = layer.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return 0; // cycle: break it here
    visiting.add(id);
    const value = Math.max(-1, ...(incoming.get(id) ?? []).map(layerOf)) + 1;
    visiting.delete(id);
    layer.set(id, value);
    return value;
  };
  const columns: CanvasNode[][] = [];
  for (const node of top) (columns[layerOf(node.id)] ??= []).push(node);
  const origin = {
    x: Math.min(0, ...top.map((n) => n.position.x)),
    y: Math.min(0, ...top.map((n) => n.position.y)),
  };
  const result = new Map<string, { x: number; y: number }>();
  let x = origin.x;
  for (const column of columns) {
    if (!column) continue;
    column.sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x);
    let y = origin.y;
    let width = 0;
    for (const node of column) {
      const size = sizeOf(node);
      result.set(node.id, { x, y });
      y += size.height + gapY;
      width = Math.max(width, size.width);
    }
    x += width + gapX;
  }
  doc.transact(() => {
    for (const [id, position] of result) {
      const current = getNode(doc, id);
      if (current && (current.position.x !== position.x || current.position.y !== position.y))
        updateNode(doc, id, { position });
    }
  });
  return result;
}
