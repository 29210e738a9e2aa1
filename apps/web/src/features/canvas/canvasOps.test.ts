import { describe, expect, it } from 'vitest';
import { addEdge, addNode, createCanvasDoc, getCanvasSnapshot, getNode } from '@atelier/canvas';
import {
  autoLayout,
  copyNodes,
  duplicateNodes,
  freeSpotBelow,
  groupNodes,
  overlaps,
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

  it('duplicates next to the originals and respects the node limit', () => {
    const { doc, a } = sample();
    const [copy] = duplicateNodes(doc, [a.id]);
    expect(getNode(doc, copy!)?.position).toEqual({ x: 140, y: 140 });
    expect(() => duplicateNodes(doc, [a.id], 4)).toThrow();
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

describe('freeSpotBelow', () => {
  const size = { width: 240, height: 120 };
  it('keeps the wanted spot when it is free', () => {
    expect(freeSpotBelow({ x: 400, y: 0 }, size, [{ x: 0, y: 0, width: 240, height: 120 }])).toEqual({
      x: 400,
      y: 0,
    });
  });

  it('moves below earlier answers to the same node instead of covering them', () => {
    const earlier = [
      { x: 400, y: 0, width: 240, height: 300 },
      { x: 420, y: 330, width: 240, height: 100 },
    ];
    const spot = freeSpotBelow({ x: 400, y: 0 }, size, earlier, 24);
    expect(spot).toEqual({ x: 400, y: 454 });
    expect(earlier.some((box) => overlaps({ ...spot, ...size }, box, 24))).toBe(false);
  });
});
