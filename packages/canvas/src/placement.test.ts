// The placement rule shared by the web app and the server: a new node never lands on another one.
import { describe, expect, it } from 'vitest';
import { addNode, createCanvasDoc } from './doc.js';
import type { CanvasNode, CanvasNodeType } from './model.js';
import {
  PLACEMENT_GAP,
  estimatedSize,
  findFreeSpot,
  nodeBoxes,
  overlaps,
  newNodePosition,
  type Box,
} from './placement.js';
import { getCanvasSnapshot } from './snapshot.js';

/** A small seeded generator (mulberry32), so every run sees the same layouts. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomBoxes(next: () => number, count: number, spread: number): Box[] {
  return Array.from({ length: count }, () => ({
    x: Math.round(next() * spread - spread / 2),
    y: Math.round(next() * spread - spread / 2),
    width: 80 + Math.round(next() * 400),
    height: 60 + Math.round(next() * 400),
  }));
}

const TYPES: CanvasNodeType[] = ['memo', 'document', 'skillResponse', 'image', 'codeArtifact', 'resource'];

describe('findFreeSpot', () => {
  it('keeps the wished spot when it is free', () => {
    expect(findFreeSpot({ x: 10.4, y: 20.6 }, { width: 100, height: 50 }, [])).toEqual({ x: 10, y: 21 });
    const far = [{ x: 1000, y: 1000, width: 10, height: 10 }];
    expect(findFreeSpot({ x: 0, y: 0 }, { width: 100, height: 50 }, far)).toEqual({ x: 0, y: 0 });
  });

  it('never overlaps a box (with the gap) in 300 random crowded layouts, and is deterministic', () => {
    const next = random(32);
    for (let round = 0; round < 300; round += 1) {
      // from a sparse canvas to one where the middle is packed
      const boxes = randomBoxes(next, 1 + Math.floor(next() * 60), 200 + next() * 3000);
      const size = { width: 100 + Math.round(next() * 300), height: 60 + Math.round(next() * 300) };
      const target = { x: Math.round(next() * 1000 - 500), y: Math.round(next() * 1000 - 500) };
      const spot = findFreeSpot(target, size, boxes);
      const placed = { ...spot, ...size };
      for (const box of boxes) expect(overlaps(placed, box, PLACEMENT_GAP - 1), `round ${round}`).toBe(false);
      expect(findFreeSpot(target, size, boxes)).toEqual(spot);
      expect(Number.isInteger(spot.x) && Number.isInteger(spot.y)).toBe(true);
    }
  });

  it('takes the nearest free spot: a node in the way sends the new one just past it', () => {
    const box = { x: 0, y: 0, width: 240, height: 120 };
    const spot = findFreeSpot({ x: 0, y: 0 }, { width: 240, height: 120 }, [box]);
    expect(overlaps({ ...spot, width: 240, height: 120 }, box, PLACEMENT_GAP)).toBe(false);
    // one step past the box's edge plus the gap, not somewhere far away
    expect(Math.hypot(spot.x, spot.y)).toBeLessThanOrEqual(120 + PLACEMENT_GAP + 40);
    // ties go down rather than up
    expect(spot.y).toBeGreaterThan(0);
  });

  it('falls back to the spot right of everything when no ring near the target has room', () => {
    // a wall of boxes far larger than the rings that are tried
    const wall = [{ x: -5000, y: -5000, width: 10_000, height: 10_000 }];
    const spot = findFreeSpot({ x: 0, y: 0 }, { width: 240, height: 120 }, wall, { maxRings: 5 });
    expect(spot).toEqual({ x: 5000 + PLACEMENT_GAP, y: 0 });
  });
});

describe('newNodePosition (the server side of the rule)', () => {
  it('places many nodes one after another on random canvases without any two overlapping', () => {
    const next = random(7);
    for (let round = 0; round < 40; round += 1) {
      const doc = createCanvasDoc();
      for (const box of randomBoxes(next, Math.floor(next() * 30), 2000)) {
        addNode(doc, {
          type: TYPES[Math.floor(next() * TYPES.length)] ?? 'memo',
          position: { x: box.x, y: box.y },
          width: box.width,
          height: box.height,
          data: { title: '' },
        });
      }
      // earlier random nodes may overlap each other; each placed one must stay clear of all
      const given = new Set(getCanvasSnapshot(doc).nodes.map((n) => n.id));
      for (let i = 0; i < 12; i += 1) {
        const type = TYPES[i % TYPES.length] ?? 'memo';
        const nodes = getCanvasSnapshot(doc).nodes;
        const near = nodes.length && next() < 0.5 ? [nodes[Math.floor(next() * nodes.length)]!.id] : [];
        const position = newNodePosition({ nodes }, { type }, { near });
        expect(newNodePosition({ nodes }, { type }, { near })).toEqual(position);
        addNode(doc, { type, position, data: { title: `new ${i}` } });
      }
      const all = getCanvasSnapshot(doc).nodes;
      const boxes = nodeBoxes(all);
      const placed = all.filter((n) => !given.has(n.id));
      for (const node of placed)
        for (const other of all)
          if (other.id !== node.id)
            expect(overlaps(boxes.get(node.id)!, boxes.get(other.id)!), `round ${round}`).toBe(false);
    }
  });

  it('puts a node beside the node it comes from, and on an empty canvas at the origin', () => {
    expect(newNodePosition({ nodes: [] }, { type: 'memo' })).toEqual({ x: 0, y: 0 });
    const answer: CanvasNode = {
      id: 'answer',
      type: 'skillResponse',
      position: { x: 100, y: 50 },
      data: { title: 'Answer', entityId: 'r1', contentPreview: '', metadata: {} },
    };
    const other: CanvasNode = { ...answer, id: 'other', position: { x: 2000, y: 0 } };
    const at = newNodePosition({ nodes: [answer, other] }, { type: 'memo' }, { near: ['answer'] });
    const { width } = estimatedSize(answer);
    expect(at.x).toBeGreaterThanOrEqual(100 + width);
    expect(at.x).toBeLessThan(2000);
    expect(at.y).toBe(50);
  });

  it('counts a node inside a group at its place on the canvas', () => {
    const group: CanvasNode = {
      id: 'g',
      type: 'group',
      position: { x: 1000, y: 1000 },
      width: 600,
      height: 400,
      data: { title: '', entityId: '', contentPreview: '', metadata: {} },
    };
    const child: CanvasNode = { ...group, id: 'c', type: 'memo', parentId: 'g', position: { x: 20, y: 30 } };
    const { width: _w, height: _h, ...childNoSize } = child;
    expect(nodeBoxes([group, childNoSize]).get('c')).toEqual({ x: 1020, y: 1030, width: 240, height: 140 });
  });
});

describe('findFreeSpot (the nearest spot)', () => {
  const size = { width: 240, height: 120 };
  const clear = (
    spot: { x: number; y: number },
    boxes: { x: number; y: number; width: number; height: number }[],
  ) => !boxes.some((box) => overlaps({ ...spot, ...size }, box, 24));

  it('keeps the wanted spot when it is free', () => {
    expect(findFreeSpot({ x: 400, y: 0 }, size, [{ x: 0, y: 0, width: 240, height: 120 }])).toEqual({
      x: 400,
      y: 0,
    });
  });

  it('finds the nearest free spot around a crowded target, overlapping nothing', () => {
    // a 3 x 3 block of cards right where the new node is wanted
    const boxes = [0, 1, 2].flatMap((row) =>
      [0, 1, 2].map((col) => ({ x: col * 280, y: row * 160, width: 240, height: 120 })),
    );
    const target = { x: 280, y: 160 };
    const spot = findFreeSpot(target, size, boxes);
    expect(clear(spot, boxes)).toBe(true);
    // beside the block, not far away: within one card plus the gap of its edge
    const distance = Math.hypot(spot.x - target.x, spot.y - target.y);
    expect(distance).toBeLessThanOrEqual(280 + 264);
    // and no free spot on the search grid is nearer
    for (let dx = -20; dx <= 20; dx += 1)
      for (let dy = -20; dy <= 20; dy += 1) {
        const near = { x: target.x + dx * 40, y: target.y + dy * 40 };
        if (Math.hypot(dx * 40, dy * 40) < distance - 0.5) expect(clear(near, boxes)).toBe(false);
      }
  });

  it('puts successive nodes next to each other instead of on one spot', () => {
    const boxes: { x: number; y: number; width: number; height: number }[] = [];
    for (let i = 0; i < 6; i += 1) {
      const spot = findFreeSpot({ x: 0, y: 0 }, size, boxes);
      expect(clear(spot, boxes)).toBe(true);
      boxes.push({ ...spot, ...size });
    }
    const spread = Math.max(...boxes.map((b) => Math.hypot(b.x, b.y)));
    expect(spread).toBeLessThan(800);
  });

  it('prefers the weighted direction (answers stack below before drifting right)', () => {
    const context = { x: 0, y: 0, width: 240, height: 120 };
    const first = { x: 320, y: 0, width: 240, height: 120 };
    const spot = findFreeSpot({ x: 320, y: 0 }, size, [context, first], { prefer: { x: 1.5, y: 1 } });
    expect(spot.x).toBe(320);
    expect(spot.y).toBeGreaterThan(0);
  });
});
