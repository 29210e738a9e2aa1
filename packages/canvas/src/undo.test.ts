// Undo of a client's own canvas edits: one step per action, a collaborator's edits left alone.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addEdge, addNode, createCanvasDoc, getNode, updateNode } from './doc.js';
import { createCanvasUndoManager } from './undo.js';

/** A stand-in for the collaboration provider: it applies the peer's updates with itself as origin. */
function link(a: Y.Doc, b: Y.Doc): void {
  const providerA = { name: 'provider-a' };
  const providerB = { name: 'provider-b' };
  a.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== providerA) Y.applyUpdate(b, update, providerB);
  });
  b.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== providerB) Y.applyUpdate(a, update, providerA);
  });
}

/** Two peers of one canvas: the second starts from the first one's state, as a client does. */
function peers(): [Y.Doc, Y.Doc] {
  const a = createCanvasDoc();
  const b = new Y.Doc();
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
  link(a, b);
  return [a, b];
}

const memo = (id: string, x: number) => ({ id, type: 'memo' as const, position: { x, y: 0 }, data: {} });

describe('canvas undo', () => {
  it('undoes this client’s own edit and never a collaborator’s', () => {
    const [alice, bob] = peers();
    const undo = createCanvasUndoManager(alice);

    addNode(alice, memo('mine', 0));
    undo.stopCapturing();
    addNode(bob, memo('theirs', 100));
    expect(getNode(alice, 'theirs')).toBeDefined();
    expect(undo.undoStack).toHaveLength(1);

    undo.undo();
    expect(getNode(alice, 'mine')).toBeUndefined();
    expect(getNode(bob, 'mine')).toBeUndefined();
    expect(getNode(alice, 'theirs')).toBeDefined();
    expect(getNode(bob, 'theirs')).toBeDefined();
    // nothing left to undo: the collaborator's node is not this client's to take back
    expect(undo.canUndo()).toBe(false);
    undo.undo();
    expect(getNode(alice, 'theirs')).toBeDefined();

    undo.redo();
    expect(getNode(bob, 'mine')).toBeDefined();
  });

  it('keeps a collaborator’s later change to the same node when undoing a move', () => {
    const [alice, bob] = peers();
    addNode(alice, memo('n', 0));
    const undo = createCanvasUndoManager(alice);

    updateNode(alice, 'n', { position: { x: 50, y: 50 } });
    undo.stopCapturing();
    updateNode(bob, 'n', { data: { title: 'Bob’s title' } });
    undo.undo();
    expect(getNode(bob, 'n')?.position).toEqual({ x: 0, y: 0 });
    expect(getNode(bob, 'n')?.data.title).toBe('Bob’s title');
  });

  it('takes one step per action: actions split at stopCapturing, a drag’s moves merge', () => {
    const doc = createCanvasDoc();
    const undo = createCanvasUndoManager(doc);
    addNode(doc, memo('a', 0));
    undo.stopCapturing();
    addNode(doc, memo('b', 100));
    undo.stopCapturing();
    // one drag: many position writes in a row
    for (let x = 1; x <= 20; x += 1) updateNode(doc, 'b', { position: { x: 100 + x, y: 0 } });
    undo.stopCapturing();
    addEdge(doc, { id: 'e', source: 'a', target: 'b' });
    expect(undo.undoStack).toHaveLength(4);

    undo.undo(); // the edge
    expect(getNode(doc, 'b')?.position).toEqual({ x: 120, y: 0 });
    undo.undo(); // the whole drag
    expect(getNode(doc, 'b')?.position).toEqual({ x: 100, y: 0 });
    undo.undo(); // b
    expect(getNode(doc, 'b')).toBeUndefined();
    expect(getNode(doc, 'a')).toBeDefined();
    undo.redo();
    expect(getNode(doc, 'b')?.position).toEqual({ x: 100, y: 0 });
  });
});
