/**
 * Where a new node goes, one rule for every source: the web app (toolbar, AI answers, paste,
 * drop) and the server (agent tools, MCP tools, the web clipper's addResource). A new node takes
 * the free spot nearest to where it is wanted, keeping a gap from every node already there, so
 * it never lands on another one.
 *
 * The web app knows each node's measured size; the server does not, so it counts a node's box
 * by its stored width and height, else by the size its type's card is drawn at (`estimatedSize`,
 * generous: a card may grow while an answer streams in).
 */
import type { CanvasNode, CanvasNodeType } from './model.js';

/** A rectangle on the canvas (top-left corner and size, canvas units). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The room kept between a new node and its neighbours. */
export const PLACEMENT_GAP = 24;

/** How far right of the nodes it comes from a new node is wanted (an answer beside its question). */
export const BESIDE_GAP = 80;

/**
 * The box a card of each type takes on the canvas when nothing else is known: cards are 240 px
 * wide (AI answers 380 px) and their previews are clamped, so these are upper bounds of what
 * the web app draws.
 */
const TYPE_SIZES: Partial<Record<CanvasNodeType, Size>> = {
  memo: { width: 240, height: 140 },
  skillResponse: { width: 380, height: 420 },
  image: { width: 240, height: 360 },
  group: { width: 320, height: 200 },
};
const CARD_SIZE: Size = { width: 240, height: 240 };

/** A node's size: its stored width and height, else the size its type is drawn at. */
export function estimatedSize(node: { type: CanvasNodeType; width?: number; height?: number }): Size {
  const typical = TYPE_SIZES[node.type] ?? CARD_SIZE;
  return { width: node.width ?? typical.width, height: node.height ?? typical.height };
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

/** The smallest box around `boxes` (null for none). */
export function boundsOf(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  const minX = Math.min(...boxes.map((b) => b.x));
  const minY = Math.min(...boxes.map((b) => b.y));
  const maxX = Math.max(...boxes.map((b) => b.x + b.width));
  const maxY = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

export interface FreeSpotOptions {
  /** Room kept from every box (PLACEMENT_GAP). */
  gap?: number;
  /** Grid step of the candidates around the target. */
  step?: number;
  /** Weight of the distance per axis, e.g. `{ x: 1.5, y: 1 }` favours going down over going right. */
  prefer?: { x: number; y: number };
  /** Rings of candidates tried before the spot right of everything is taken. */
  maxRings?: number;
}

/**
 * The free spot for a box of `size` nearest to `target` (its wished top-left corner). The
 * candidates lie on a grid of `step` around the target, ring after ring; the first ring with a
 * spot that keeps `gap` from every box gives the one closest to the target (ties go down and
 * right, the reading order). When no ring within `maxRings` has room, the spot right of all the
 * boxes, level with the target, is free by construction. Deterministic: the same input gives
 * the same spot.
 */
export function findFreeSpot(
  target: Point,
  size: Size,
  boxes: readonly Box[],
  options: FreeSpotOptions = {},
): Point {
  const gap = options.gap ?? PLACEMENT_GAP;
  const step = options.step ?? 40;
  const weight = options.prefer ?? { x: 1, y: 1 };
  const maxRings = options.maxRings ?? 120;
  const round = (p: Point): Point => ({ x: Math.round(p.x), y: Math.round(p.y) });
  const start = round(target);
  // only boxes that can touch a candidate of the rings tried matter
  const reach = (maxRings + 1) * step + gap;
  const near = boxes.filter((b) =>
    overlaps(
      {
        x: start.x - reach,
        y: start.y - reach,
        width: size.width + 2 * reach,
        height: size.height + 2 * reach,
      },
      b,
    ),
  );
  const free = (x: number, y: number) =>
    !near.some((b) => overlaps({ x, y, width: size.width, height: size.height }, b, gap));
  if (free(start.x, start.y)) return start;
  for (let ring = 1; ring <= maxRings; ring += 1) {
    let best: { x: number; y: number; cost: number } | null = null;
    for (let i = -ring; i <= ring; i += 1) {
      // the four sides of the square ring (corners visited twice, harmless)
      for (const [dx, dy] of [
        [i, -ring],
        [i, ring],
        [-ring, i],
        [ring, i],
      ] as const) {
        const x = start.x + dx * step;
        const y = start.y + dy * step;
        const cost =
          Math.hypot(dx * step * weight.x, dy * step * weight.y) +
          (dy < 0 ? 0.002 : 0) +
          (dx < 0 ? 0.001 : 0);
        if ((!best || cost < best.cost) && free(x, y)) best = { x, y, cost };
      }
    }
    if (best) return { x: best.x, y: best.y };
  }
  const all = boundsOf(boxes);
  return all ? round({ x: all.x + all.width + gap, y: target.y }) : start;
}

/** What placement reads of a node (a stored node, or one as the API answers it). */
export type PlacedNode = Pick<CanvasNode, 'id' | 'type' | 'position' | 'width' | 'height' | 'parentId'>;

/** A node's position on the canvas (its groups' offsets added up). */
export function absolutePosition(byId: ReadonlyMap<string, PlacedNode>, node: PlacedNode): Point {
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

/** Every node's box on the canvas (absolute), sized by `sizeOf` (estimatedSize by default). */
export function nodeBoxes<N extends PlacedNode>(
  nodes: readonly N[],
  sizeOf: (node: N) => Size = estimatedSize,
): Map<string, Box> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return new Map(nodes.map((n) => [n.id, { ...absolutePosition(byId, n), ...sizeOf(n) }]));
}

/**
 * Where a node is wanted beside `anchors` (the nodes it comes from): right of them, level with
 * their middle row. Null without anchors.
 */
export function besideTarget(anchors: readonly Box[]): Point | null {
  if (anchors.length === 0) return null;
  return {
    x: Math.max(...anchors.map((b) => b.x + b.width)) + BESIDE_GAP,
    y: anchors.reduce((sum, b) => sum + b.y, 0) / anchors.length,
  };
}

/** Going down is cheaper than going right beside an anchor: answers stack under each other. */
export const BESIDE_PREFERENCE = { x: 1.5, y: 1 } as const;

/**
 * The server's rule (no view to aim at): beside the `near` nodes when given and on the canvas
 * (an agent's note beside its answer), else right of everything at the top, else the origin;
 * in each case the nearest free spot.
 */
export function newNodePosition(
  snapshot: { nodes: readonly PlacedNode[] },
  node: { type: CanvasNodeType; width?: number; height?: number },
  options: { near?: readonly string[] } = {},
): Point {
  const boxes = nodeBoxes(snapshot.nodes);
  const all = [...boxes.values()];
  const size = estimatedSize(node);
  const anchors = (options.near ?? []).map((id) => boxes.get(id)).filter((b) => b !== undefined);
  const beside = besideTarget(anchors);
  if (beside) return findFreeSpot(beside, size, all, { prefer: BESIDE_PREFERENCE });
  const top = snapshot.nodes.filter((n) => n.parentId === undefined).map((n) => boxes.get(n.id) as Box);
  const bounds = boundsOf(top);
  if (!bounds) return { x: 0, y: 0 };
  return findFreeSpot({ x: bounds.x + bounds.width + PLACEMENT_GAP * 2, y: bounds.y }, size, all);
}
