// Canvas Y.Doc mutations, snapshots and convergence of two peers exchanging Yjs updates.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  addEdge,
  addNode,
  assertNodeLimit,
  createCanvasDoc,
  getNode,
  removeEdges,
  removeNodes,
  updateNode,
} from './doc.js';
import { CanvasValidationError, NodeLimitError } from './errors.js';
import { CANVAS_SCHEMA_VERSION } from './model.js';
import { applySnapshot, getCanvasSnapshot } from './snapshot.js';

function sync(a: Y.Doc, b: Y.Doc): void {
  const toB = Y.encodeStateAsUpdate(a, Y.encodeStateVector(b));
  const toA = Y.encodeStateAsUpdate(b, Y.encodeStateVector(a));
  Y.applyUpdate(b, toB);
  Y.applyUpdate(a, toA);
}

describe('canvas doc', () => {
  it('adds nodes with defaults and generated ids, and reads them back as a snapshot', () => {
    const doc = createCanvasDoc();
    const memo = addNode(doc, { type: 'memo', position: { x: 10, y: 20 }, data: { title: 'Idea' } });
    expect(memo.id).toMatch(/^node-[0-9a-z]{17}$/);
    expect(memo.data).toEqual({ title: 'Idea', entityId: '', contentPreview: '', metadata: {} });
    const snapshot = getCanvasSnapshot(doc);
    expect(snapshot).toEqual({ schemaVersion: CANVAS_SCHEMA_VERSION, nodes: [memo], edges: [] });
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
  });

  it('rejects unknown node types, duplicate ids and parents that are not groups', () => {
    const doc = createCanvasDoc();
    addNode(doc, { id: 'a', type: 'document', position: { x: 0, y: 0 }, data: { title: 'A' } });
    expect(() => addNode(doc, { id: 'a', type: 'memo', position: { x: 0, y: 0 }, data: {} })).toThrow(
      CanvasValidationError,
    );
    const bad = JSON.parse('{"type":"sticker","position":{"x":0,"y":0},"data":{}}') as Parameters<
      typeof addNode
    >[1];
    expect(() => addNode(doc, bad)).toThrow(/invalid node: type/);
    expect(() => addNode(doc, { type: 'memo', position: { x: 0, y: 0 }, data: {}, parentId: 'a' })).toThrow(
      /not a group/,
    );
  });

  it('updates position, data fields and optional fields, leaving the rest alone', () => {
    const doc = createCanvasDoc();
    addNode(doc, { id: 'g', type: 'group', position: { x: 100, y: 100 }, data: { title: 'G' } });
    addNode(doc, {
      id: 'n',
      type: 'resource',
      position: { x: 0, y: 0 },
      width: 200,
      data: { title: 'Paper', entityId: 'r-1', metadata: { url: 'https://a.example' } },
    });
    expect(
      updateNode(doc, 'n', { position: { x: 5, y: 6 }, data: { title: 'Paper v2' }, parentId: 'g' }),
    ).toBe(true);
    expect(updateNode(doc, 'n', { width: null, style: { opacity: 0.5 } })).toBe(true);
    expect(getNode(doc, 'n')).toEqual({
      id: 'n',
      type: 'resource',
      position: { x: 5, y: 6 },
      parentId: 'g',
      style: { opacity: 0.5 },
      data: {
        title: 'Paper v2',
        entityId: 'r-1',
        contentPreview: '',
        metadata: { url: 'https://a.example' },
      },
    });
    expect(updateNode(doc, 'missing', { data: { title: 'x' } })).toBe(false);
    expect(() => updateNode(doc, 'g', { parentId: 'g' })).toThrow(/inside itself/);
  });

  it('removes nodes with their edges and reparents children of a removed group in place', () => {
    const doc = createCanvasDoc();
    addNode(doc, { id: 'outer', type: 'group', position: { x: 1000, y: 0 }, data: { title: 'Outer' } });
    addNode(doc, { id: 'inner', type: 'group', position: { x: 100, y: 50 }, parentId: 'outer', data: {} });
    addNode(doc, { id: 'child', type: 'memo', position: { x: 10, y: 20 }, parentId: 'inner', data: {} });
    addNode(doc, { id: 'other', type: 'memo', position: { x: 0, y: 0 }, data: {} });
    addEdge(doc, { id: 'e1', source: 'inner', target: 'other' });
    addEdge(doc, { id: 'e2', source: 'child', target: 'other' });

    expect(removeNodes(doc, ['inner', 'nope'])).toEqual(['inner']);
    expect(getNode(doc, 'child')).toMatchObject({ parentId: 'outer', position: { x: 110, y: 70 } });
    expect(getCanvasSnapshot(doc).edges.map((edge) => edge.id)).toEqual(['e2']);

    removeNodes(doc, ['outer']);
    expect(getNode(doc, 'child')).toMatchObject({ position: { x: 1110, y: 70 } });
    expect(getNode(doc, 'child')?.parentId).toBeUndefined();
  });

  it('adds and removes edges, refusing edges to missing nodes', () => {
    const doc = createCanvasDoc();
    addNode(doc, { id: 'a', type: 'skillResponse', position: { x: 0, y: 0 }, data: {} });
    addNode(doc, { id: 'b', type: 'document', position: { x: 400, y: 0 }, data: {} });
    const edge = addEdge(doc, { source: 'a', target: 'b', sourceHandle: 'right', data: { label: 'cites' } });
    expect(() => addEdge(doc, { source: 'a', target: 'gone' })).toThrow(/source node not found or deleted/);
    expect(getCanvasSnapshot(doc).edges).toEqual([edge]);
    expect(removeEdges(doc, [edge.id, 'unknown'])).toEqual([edge.id]);
    expect(getCanvasSnapshot(doc).edges).toEqual([]);
  });

  it('guards the node limit with a typed error', () => {
    const doc = createCanvasDoc();
    addNode(doc, { type: 'memo', position: { x: 0, y: 0 }, data: {} }, { maxNodes: 2 });
    addNode(doc, { type: 'memo', position: { x: 0, y: 0 }, data: {} }, { maxNodes: 2 });
    expect(() => assertNodeLimit(doc, 2)).toThrow(NodeLimitError);
    expect(() => addNode(doc, { type: 'memo', position: { x: 0, y: 0 }, data: {} }, { maxNodes: 2 })).toThrow(
      'node limit reached',
    );
    const error = (() => {
      try {
        assertNodeLimit(doc, 3, 2);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(NodeLimitError);
    expect(error).toMatchObject({ code: 'NODE_LIMIT', limit: 3, count: 2 });
    expect(() => assertNodeLimit(doc, 3)).not.toThrow();
  });
});

describe('two peers', () => {
  it('converge after concurrent edits exchanged as Yjs updates', () => {
    const a = createCanvasDoc();
    addNode(a, { id: 'n1', type: 'document', position: { x: 0, y: 0 }, data: { title: 'Draft' } });
    addNode(a, { id: 'n2', type: 'memo', position: { x: 300, y: 0 }, data: {} });
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(getCanvasSnapshot(b)).toEqual(getCanvasSnapshot(a));

    // Concurrently: A moves n1 and links it to n2; B renames n1, deletes n2 and adds a node.
    updateNode(a, 'n1', { position: { x: 50, y: 60 } });
    addEdge(a, { id: 'e', source: 'n1', target: 'n2' });
    addNode(a, {
      id: 'n3',
      type: 'website',
      position: { x: 0, y: 300 },
      data: { metadata: { url: 'https://x.y' } },
    });
    updateNode(b, 'n1', { data: { title: 'Final', contentPreview: 'Hello' } });
    removeNodes(b, ['n2']);
    addNode(b, { id: 'n4', type: 'image', position: { x: 600, y: 0 }, data: {} });

    sync(a, b);
    const snapshot = getCanvasSnapshot(a);
    expect(getCanvasSnapshot(b)).toEqual(snapshot);
    expect(snapshot.nodes.map((node) => node.id)).toEqual(['n1', 'n3', 'n4']);
    expect(snapshot.nodes[0]).toMatchObject({
      position: { x: 50, y: 60 },
      data: { title: 'Final', contentPreview: 'Hello' },
    });
    // The edge A drew to the node B deleted is left out rather than pointing nowhere.
    expect(snapshot.edges).toEqual([]);
  });

  it('applySnapshot writes only the difference, so a peer can merge it with its own edits', () => {
    const a = createCanvasDoc();
    addNode(a, { id: 'n1', type: 'memo', position: { x: 0, y: 0 }, data: { title: 'One' } });
    addNode(a, { id: 'n2', type: 'memo', position: { x: 1, y: 1 }, data: { title: 'Two' } });
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));

    const target = getCanvasSnapshot(a);
    target.nodes = target.nodes.filter((node) => node.id !== 'n2');
    target.nodes[0] = { ...target.nodes[0]!, data: { ...target.nodes[0]!.data, title: 'Uno' } };
    const before = Y.encodeStateVector(a);
    applySnapshot(a, target);
    expect(Y.encodeStateAsUpdate(a, before).byteLength).toBeLessThan(60);
    updateNode(b, 'n1', { position: { x: 9, y: 9 } });
    sync(a, b);
    expect(getCanvasSnapshot(b)).toEqual(getCanvasSnapshot(a));
    expect(getCanvasSnapshot(b).nodes).toEqual([
      {
        id: 'n1',
        type: 'memo',
        position: { x: 9, y: 9 },
        data: { title: 'Uno', entityId: '', contentPreview: '', metadata: {} },
      },
    ]);
    expect(() => applySnapshot(a, { ...target, edges: [{ id: 'e', source: 'n1', target: 'zz' }] })).toThrow(
      CanvasValidationError,
    );
  });
});
