/**
 * Canvas edits that span several nodes: copy / paste (also across canvases), duplicate, group and
 * ungroup and the Arrange layout (dagre). Where a new node finds room is the placement rule of
 * @atelier/canvas (placement.ts), shared with the server. Pure functions over the canvas Y.Doc,
 * so they are unit-tested without a browser. Positions of nodes inside a group are relative to
 * the group.
 */
import dagre from '@dagrejs/dagre';
import type * as Y from 'yjs';
import {
  absolutePosition,
  addEdge,
  addNode,
  boundsOf,
  createCanvasId,
  estimatedSize,
  findFreeSpot,
  getCanvasSnapshot,
  getNode,
  nodeBoxes,
  regenerateIds,
  removeNodes,
  updateNode,
  type CanvasEdge,
  type CanvasNode,
  type Box,
  type CanvasSnapshot,
} from '@atelier/canvas';

export type { Box } from '@atelier/canvas';

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

/** Where a pasted clip goes: its top-left corner at `at`, or shifted by `offset` from where it was. */
export interface ClipPlace {
  at?: { x: number; y: number };
  offset?: { x: number; y: number };
  /**
   * The boxes of the nodes already on the canvas: when given, the clip moves as one block to
   * the nearest spot where it overlaps none of them (the shared placement rule).
   */
  avoid?: readonly Box[];
  /** The size of a clip node (measured on the canvas it came from, else its type's size). */
  sizeOf?: SizeOf;
}

/**
 * Adds a clip's nodes and edges with new ids. Top-level nodes are moved so the clip's top-left
 * corner lands at `at` (or shifted by `offset` when no point is given), then, with `avoid`, on
 * to the nearest free spot. Returns the new node ids.
 */
export function pasteClip(doc: Y.Doc, clip: CanvasClip, place: ClipPlace, maxNodes?: number): string[] {
  if (clip.nodes.length === 0) return [];
  const top = clip.nodes.filter((n) => n.parentId === undefined);
  const sizeOf = place.sizeOf ?? estimatedSize;
  const bounds = boundsOf(top.map((n) => ({ ...n.position, ...sizeOf(n) })));
  if (!bounds) return [];
  const offset = place.offset ?? { x: 40, y: 40 };
  const wanted = place.at ?? { x: bounds.x + offset.x, y: bounds.y + offset.y };
  const size = { width: bounds.width, height: bounds.height };
  const corner = place.avoid ? findFreeSpot(wanted, size, place.avoid) : wanted;
  const shift = { x: corner.x - bounds.x, y: corner.y - bounds.y };
  const fresh: CanvasSnapshot = regenerateIds({
    schemaVersion: getCanvasSnapshot(doc).schemaVersion,
    nodes: clip.nodes,
    edges: clip.edges,
  });
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

/** The boxes of every node of the canvas (absolute), sized by `sizeOf`. */
export function canvasBoxes(doc: Y.Doc, sizeOf: SizeOf = estimatedSize): Box[] {
  return [...nodeBoxes(getCanvasSnapshot(doc).nodes, sizeOf).values()];
}

/** Duplicates nodes (with what is inside selected groups) at the nearest free spot beside the originals. */
export function duplicateNodes(
  doc: Y.Doc,
  ids: readonly string[],
  maxNodes?: number,
  sizeOf: SizeOf = estimatedSize,
): string[] {
  return pasteClip(
    doc,
    copyNodes(doc, ids),
    { offset: { x: 40, y: 40 }, avoid: canvasBoxes(doc, sizeOf), sizeOf },
    maxNodes,
  );
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
 * The Arrange layout of the top-level nodes (a group moves as one, its children inside it): each
 * connected part of the graph is laid out left to right by dagre, then the parts are packed in
 * rows about as wide as a screen is for its height, so the result stays readable when fitted
 * instead of one tall column. Edges from or into a group's children count for the group. Returns
 * the positions it set.
 */
export function autoLayout(
  doc: Y.Doc,
  options: { sizeOf?: SizeOf; gapX?: number; gapY?: number; aspect?: number } = {},
): Map<string, { x: number; y: number }> {
  const sizeOf = options.sizeOf ?? defaultSize;
  const gapX = options.gapX ?? 80;
  const gapY = options.gapY ?? 40;
  const aspect = options.aspect ?? 16 / 10;
  const snapshot = getCanvasSnapshot(doc);
  const byId = new Map(snapshot.nodes.map((n) => [n.id, n]));
  const top = snapshot.nodes.filter((n) => n.parentId === undefined);
  if (top.length === 0) return new Map();
  const topOf = (id: string): string | undefined => {
    let node = byId.get(id);
    for (let depth = 0; node?.parentId !== undefined && depth < 1000; depth += 1)
      node = byId.get(node.parentId);
    return node?.id;
  };
  const links: [string, string][] = [];
  const seen = new Set<string>();
  for (const edge of snapshot.edges) {
    const source = topOf(edge.source);
    const target = topOf(edge.target);
    if (!source || !target || source === target || seen.has(`${source}>${target}`)) continue;
    seen.add(`${source}>${target}`);
    links.push([source, target]);
  }
  // connected parts, in the canvas's reading order (top to bottom, then left to right)
  const parent = new Map(top.map((n) => [n.id, n.id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    parent.set(id, root);
    return root;
  };
  for (const [a, b] of links) parent.set(find(a), find(b));
  const ordered = [...top].sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x);
  const parts = new Map<string, CanvasNode[]>();
  for (const node of ordered) {
    const root = find(node.id);
    const list = parts.get(root) ?? [];
    list.push(node);
    parts.set(root, list);
  }
  const sizes = new Map(top.map((n) => [n.id, sizeOf(n)]));
  const laidOut = [...parts.values()].map((nodes) => layoutPart(nodes, links, sizes, gapX, gapY));
  // pack the parts in rows
  const area = laidOut.reduce((sum, p) => sum + (p.width + gapX) * (p.height + gapY), 0);
  const rowWidth = Math.max(Math.sqrt(area * aspect), ...laidOut.map((p) => p.width));
  const origin = {
    x: Math.min(...top.map((n) => n.position.x)),
    y: Math.min(...top.map((n) => n.position.y)),
  };
  const result = new Map<string, { x: number; y: number }>();
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const part of laidOut) {
    if (x > 0 && x + part.width > rowWidth) {
      x = 0;
      y += rowHeight + gapY * 2;
      rowHeight = 0;
    }
    for (const [id, at] of part.positions)
      result.set(id, { x: Math.round(origin.x + x + at.x), y: Math.round(origin.y + y + at.y) });
    x += part.width + gapX;
    rowHeight = Math.max(rowHeight, part.height);
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

/** One connected part laid out by dagre; positions are top-left corners from the part's corner. */
function layoutPart(
  nodes: readonly CanvasNode[],
  links: readonly [string, string][],
  sizes: ReadonlyMap<string, { width: number; height: number }>,
  gapX: number,
  gapY: number,
): { positions: Map<string, { x: number; y: number }>; width: number; height: number } {
  const sizeOfId = (id: string) => sizes.get(id) ?? DEFAULT_NODE_SIZE;
  if (nodes.length === 1) {
    const only = nodes[0] as CanvasNode;
    return { positions: new Map([[only.id, { x: 0, y: 0 }]]), ...sizeOfId(only.id) };
  }
  const ids = new Set(nodes.map((n) => n.id));
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: 'LR', nodesep: gapY, ranksep: gapX, marginx: 0, marginy: 0 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) graph.setNode(node.id, { ...sizeOfId(node.id) });
  for (const [a, b] of links) if (ids.has(a) && ids.has(b)) graph.setEdge(a, b);
  dagre.layout(graph);
  const positions = new Map<string, { x: number; y: number }>();
  let width = 0;
  let height = 0;
  for (const node of nodes) {
    const placed = graph.node(node.id);
    const size = sizeOfId(node.id);
    const x = placed.x - size.width / 2;
    const y = placed.y - size.height / 2;
    positions.set(node.id, { x, y });
    width = Math.max(width, x + size.width);
    height = Math.max(height, y + size.height);
  }
  return { positions, width, height };
}
