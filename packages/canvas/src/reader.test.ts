// The incremental reader agrees with a full snapshot after every kind of change, local or remote,
// and keeps unchanged nodes as the same objects.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  addEdge,
  addNode,
  createCanvasDoc,
  getCanvasMaps,
  removeEdges,
  removeNodes,
  updateNode,
} from './doc.js';
import { CanvasReader } from './reader.js';
import { getCanvasSnapshot } from './snapshot.js';

/** A reader that follows `doc` the way a screen does: deep observer on nodes, observer on edges. */
function follow(doc: Y.Doc): CanvasReader {
  const reader = new CanvasReader(doc);
  const maps = getCanvasMaps(doc);
  maps.nodes.observeDeep((events) => reader.nodesChanged(events));
  maps.edges.observe((event) => reader.edgesChanged(event));
  return reader;
}

describe('CanvasReader', () => {
  it('matches getCanvasSnapshot through adds, edits, groups, edges and removals', () => {
    const doc = createCanvasDoc();
    addNode(doc, { id: 'before', type: 'memo', position: { x: 0, y: 0 }, data: { title: 'there first' } });
    const reader = follow(doc);
    expect(reader.snapshot()).toEqual(getCanvasSnapshot(doc));

    addNode(doc, { id: 'g', type: 'group', position: { x: 0, y: 0 }, data: { title: 'Group' } });
    addNode(doc, { id: 'a', type: 'memo', position: { x: 1, y: 1 }, parentId: 'g', data: { title: 'A' } });
    addNode(doc, {
      id: 'b',
      type: 'document',
      position: { x: 2, y: 2 },
      data: { title: 'B', entityId: 'd1' },
    });
    addEdge(doc, { id: 'e1', source: 'a', target: 'b' });
    expect(reader.snapshot()).toEqual(getCanvasSnapshot(doc));

    updateNode(doc, 'a', { position: { x: 5, y: 6 }, data: { contentPreview: 'typed text' } });
    updateNode(doc, 'b', { width: 300, height: 120, data: { metadata: { sizeMode: 'compact' } } });
    expect(reader.snapshot()).toEqual(getCanvasSnapshot(doc));

    removeEdges(doc, ['e1']);
    removeNodes(doc, ['g']);
    expect(reader.snapshot()).toEqual(getCanvasSnapshot(doc));
    expect(reader.snapshot().nodes.map((n) => n.id)).not.toContain('g');
  });

  it('follows changes that arrive from another peer', () => {
    const local = createCanvasDoc();
    const remote = new Y.Doc();
    Y.applyUpdate(remote, Y.encodeStateAsUpdate(local));
    const reader = follow(local);
    addNode(remote, { id: 'r', type: 'memo', position: { x: 0, y: 0 }, data: { title: 'from afar' } });
    addNode(remote, { id: 's', type: 'memo', position: { x: 0, y: 0 }, data: { title: 'second' } });
    addEdge(remote, { id: 'rs', source: 'r', target: 's' });
    Y.applyUpdate(local, Y.encodeStateAsUpdate(remote, Y.encodeStateVector(local)));
    updateNode(remote, 'r', { data: { title: 'renamed afar' } });
    Y.applyUpdate(local, Y.encodeStateAsUpdate(remote, Y.encodeStateVector(local)));
    expect(reader.snapshot()).toEqual(getCanvasSnapshot(local));
    expect(reader.snapshot().nodes.find((n) => n.id === 'r')?.data.title).toBe('renamed afar');
  });

  it('keeps untouched nodes and edges as the same objects', () => {
    const doc = createCanvasDoc();
    for (let i = 0; i < 50; i += 1)
      addNode(doc, { id: `n${i}`, type: 'memo', position: { x: i, y: 0 }, data: { title: `${i}` } });
    addEdge(doc, { id: 'e', source: 'n0', target: 'n1' });
    const reader = follow(doc);
    const before = reader.snapshot();
    updateNode(doc, 'n7', { data: { contentPreview: 'one keystroke' } });
    const after = reader.snapshot();
    const changed = after.nodes.filter((node, i) => node !== before.nodes[i]).map((node) => node.id);
    expect(changed).toEqual(['n7']);
    expect(after.edges[0]).toBe(before.edges[0]);
  });
});
