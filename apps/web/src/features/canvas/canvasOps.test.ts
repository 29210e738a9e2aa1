import { describe, expect, it } from 'vitest';
import {
  addEdge,
  addNode,
  createCanvasDoc,
  getCanvasSnapshot,
  getNode,
  nodeBoxes,
  overlaps,
  PLACEMENT_GAP,
} from '@atelier/canvas';
import {
  autoLayout,
  canvasBoxes,
  copyNodes,
  duplicateNodes,
  groupNodes,
  parseClip,
  pasteClip,
  ungroupNode,
} from './canvasOps';
import { readCanvasPreferences, withCanvasPreference } from './canvasPreferences';

function sample() {
  const doc = createCanvasDoc();
  const a = addNode(doc, { type: 'memo', position: { x: 100, y: 100 }, data: { title: 'a' } });
  const b = addNode(doc, {
    type: 'document',
    position: { x: 500, y: 300 },
    data: { title: 'b', entityId: 'd1' },
  });
  const c = addNode(doc, { type: 'memo', position: { x: 900, y: 100 }, data: { title: 'c' } });
  addEdge(doc, { source: a.id, target: b.id });
  addEdge(doc, { source: b.id, target: c.id });
  return { doc, a, b, c };
}

describe('canvas operations', () => {
  it('copies nodes with the edges between them and pastes them with new ids into another canvas', () => {
    const { doc, a, b } = sample();
    const clip = copyNodes(doc, [a.id, b.id]);
    expect(clip.nodes.map((n) => n.id).sort()).toEqual([a.id, b.id].sort());
    expect(clip.edges).toHaveLength(1);
    const text = JSON.stringify(clip);
    const other = createCanvasDoc();
    const ids = pasteClip(other, parseClip(text)!, { at: { x: 0, y: 0 } });
    const snapshot = getCanvasSnapshot(other);
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(a.id);
    expect(snapshot.edges).toHaveLength(1);
    expect(Math.min(...snapshot.nodes.map((n) => n.position.x))).toBe(0);
    expect(snapshot.nodes.find((n) => n.data.title === 'b')?.data.entityId).toBe('d1');
    expect(parseClip('{"nodes": 1}')).toBeNull();
    expect(parseClip('not json')).toBeNull();
  });

  it('duplicates at the nearest free spot beside the originals (never on them) and respects the node limit', () => {
    const { doc, a } = sample();
    const [copy] = duplicateNodes(doc, [a.id]);
    const boxes = nodeBoxes(getCanvasSnapshot(doc).nodes);
    const placed = boxes.get(copy!)!;
    for (const [id, box] of boxes) if (id !== copy) expect(overlaps(placed, box, PLACEMENT_GAP)).toBe(false);
    // near the original: no further than its own size plus the gap
    expect(Math.hypot(placed.x - 100, placed.y - 100)).toBeLessThan(240 + PLACEMENT_GAP + 80);
    // twice more: each copy finds its own room
    duplicateNodes(doc, [a.id]);
    duplicateNodes(doc, [a.id, copy!]);
    const all = [...nodeBoxes(getCanvasSnapshot(doc).nodes).values()];
    for (const [i, one] of all.entries())
      for (const other of all.slice(i + 1)) expect(overlaps(one, other)).toBe(false);
    expect(() => duplicateNodes(doc, [a.id], 4)).toThrow();
  });

  it('pastes a clip as one block at the nearest spot where it covers no node', () => {
    const { doc, a, b } = sample();
    const clip = copyNodes(doc, [a.id, b.id]);
    // wanted right on top of the originals
    const before = nodeBoxes(getCanvasSnapshot(doc).nodes);
    const ids = pasteClip(doc, clip, { at: { x: 100, y: 100 }, avoid: canvasBoxes(doc) });
    const after = nodeBoxes(getCanvasSnapshot(doc).nodes);
    for (const id of ids)
      for (const [, box] of before) expect(overlaps(after.get(id)!, box, PLACEMENT_GAP)).toBe(false);
    // the block keeps its shape: b stays 400 right and 200 below a
    const pasted = ids.map((id) => getNode(doc, id)!);
    const pa = pasted.find((n) => n.data.title === 'a')!.position;
    const pb = pasted.find((n) => n.data.title === 'b')!.position;
    expect({ x: pb.x - pa.x, y: pb.y - pa.y }).toEqual({ x: 400, y: 200 });
  });

  it('groups nodes with relative positions and ungroups them back in place', () => {
    const { doc, a, b } = sample();
    const groupId = groupNodes(doc, [a.id, b.id], { padding: 20 })!;
    const group = getNode(doc, groupId)!;
    expect(group.type).toBe('group');
    const child = getNode(doc, a.id)!;
    expect(child.parentId).toBe(groupId);
    expect(child.position.x + group.position.x).toBe(100);
    // copying the group takes its children along; pasting keeps them inside the new group
    const clip = copyNodes(doc, [groupId]);
    expect(clip.nodes).toHaveLength(3);
    const other = createCanvasDoc();
    pasteClip(other, clip, { at: { x: 0, y: 0 } });
    expect(getCanvasSnapshot(other).nodes.filter((n) => n.parentId)).toHaveLength(2);
    // a child copied alone gets its on-screen position
    expect(copyNodes(doc, [a.id]).nodes[0]?.position).toEqual({ x: 100, y: 100 });

    expect(ungroupNode(doc, groupId).sort()).toEqual([a.id, b.id].sort());
    expect(getNode(doc, groupId)).toBeUndefined();
    expect(getNode(doc, a.id)).toMatchObject({ position: { x: 100, y: 100 } });
    expect(getNode(doc, a.id)?.parentId).toBeUndefined();
  });

  it('lays nodes out left to right by their edges, surviving cycles', () => {
    const { doc, a, b, c } = sample();
    addEdge(doc, { source: c.id, target: a.id });
    const positions = autoLayout(doc, { sizeOf: () => ({ width: 200, height: 100 }), gapX: 50 });
    const xs = [a, b, c].map((n) => positions.get(n.id)!.x);
    expect(new Set(xs).size).toBe(3);
    const plain = sample();
    const laid = autoLayout(plain.doc, { sizeOf: () => ({ width: 200, height: 100 }), gapX: 50 });
    expect(laid.get(plain.b.id)!.x - laid.get(plain.a.id)!.x).toBe(250);
    expect(laid.get(plain.c.id)!.x - laid.get(plain.b.id)!.x).toBe(250);
  });
});

describe('autoLayout (dagre)', () => {
  const size = () => ({ width: 240, height: 120 });

  it('packs many unconnected cards in rows, not one tall column, without overlaps', () => {
    const doc = createCanvasDoc();
    for (let i = 0; i < 30; i += 1)
      addNode(doc, { type: 'memo', position: { x: 0, y: i * 10 }, data: { title: `m${i}` } });
    const laid = [...autoLayout(doc, { sizeOf: size }).values()];
    const width = Math.max(...laid.map((p) => p.x + 240)) - Math.min(...laid.map((p) => p.x));
    const height = Math.max(...laid.map((p) => p.y + 120)) - Math.min(...laid.map((p) => p.y));
    expect(width / height).toBeGreaterThan(1);
    expect(width / height).toBeLessThan(4);
    for (const [i, a] of laid.entries())
      for (const b of laid.slice(i + 1))
        expect(overlaps({ ...a, ...size() }, { ...b, ...size() })).toBe(false);
  });

  it('moves a group as one: its children keep their place inside it', () => {
    const { doc, a, b, c } = sample();
    const groupId = groupNodes(doc, [a.id, c.id])!;
    const inside = getNode(doc, a.id)!.position;
    const positions = autoLayout(doc, {
      sizeOf: (n) => (n.id === groupId ? { width: 1100, height: 200 } : size()),
    });
    expect(positions.has(a.id)).toBe(false);
    expect(positions.has(groupId)).toBe(true);
    expect(getNode(doc, a.id)!.position).toEqual(inside);
    // the group and b are connected (a → b → c), so they are laid side by side
    expect(positions.get(b.id)!.x).not.toBe(positions.get(groupId)!.x);
  });
});

describe('canvas preferences', () => {
  it('reads defaults and stored values, and writes one toggle keeping the rest', () => {
    expect(readCanvasPreferences(undefined).clickPreview).toBe(true);
    const prefs = { disableHoverCard: false, theme: 'dark' as const, canvas: { edgesShown: false } };
    const next = withCanvasPreference(prefs, 'sizeMode', 'compact');
    expect(next).toMatchObject({ theme: 'dark', canvas: { edgesShown: false, sizeMode: 'compact' } });
    expect(readCanvasPreferences(next)).toMatchObject({ edgesShown: false, sizeMode: 'compact' });
    expect(withCanvasPreference(prefs, 'operationMode', 'touchpad').operationMode).toBe('touchpad');
    expect(readCanvasPreferences({ disableHoverCard: true }).hoverGuide).toBe(false);
  });
});
