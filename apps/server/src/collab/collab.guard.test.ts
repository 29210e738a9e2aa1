// Unit tests of the collab guard: which updates a message carries and how many nodes they add.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { OutgoingMessage } from '@hocuspocus/server';
import { addNode, createCanvasDoc, removeNodes, updateNode } from '@atelier/canvas';
import { markdownToYDoc } from '@atelier/editor';
import { EditGuard, addedNodeCount, markdownLengthAfter, syncUpdateOf } from './collab.guard.js';

function edit(doc: Y.Doc, change: () => void): Uint8Array {
  const before = Y.encodeStateVector(doc);
  change();
  return Y.encodeStateAsUpdate(doc, before);
}

describe('addedNodeCount', () => {
  it('counts new node ids, not changes to existing nodes', () => {
    const server = createCanvasDoc();
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
    const add = edit(client, () => {
      addNode(client, { id: 'a', type: 'memo', position: { x: 0, y: 0 }, data: { title: 'a' } });
      addNode(client, { id: 'b', type: 'memo', position: { x: 0, y: 0 }, data: { title: 'b' } });
    });
    expect(addedNodeCount(server, add)).toBe(2);
    Y.applyUpdate(server, add);
    expect(addedNodeCount(server, add)).toBe(0); // already there
    const move = edit(client, () => updateNode(client, 'a', { position: { x: 5, y: 5 } }));
    expect(addedNodeCount(server, move)).toBe(0);
    const remove = edit(client, () => removeNodes(client, ['b']));
    expect(addedNodeCount(server, remove)).toBe(0);
  });
});

describe('syncUpdateOf', () => {
  it('reads the update of a sync message and ignores other messages', () => {
    const doc = new Y.Doc();
    const update = edit(doc, () => doc.getText('t').insert(0, 'hi'));
    const message = new OutgoingMessage('doc:d-x').createSyncMessage().writeUpdate(update).toUint8Array();
    expect(syncUpdateOf(message)).toEqual(update);
    const awareness = new OutgoingMessage('doc:d-x').writeQueryAwareness().toUint8Array();
    expect(syncUpdateOf(awareness)).toBeNull();
    expect(syncUpdateOf(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});

describe('EditGuard', () => {
  it('refuses edits past the node limit', () => {
    const guard = new EditGuard(1);
    const doc = createCanvasDoc();
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    const one = edit(copy, () =>
      addNode(copy, { id: 'a', type: 'memo', position: { x: 0, y: 0 }, data: { title: '' } }),
    );
    expect(() => guard.check({ kind: 'canvas', id: 'c' }, 'canvas:c', doc, one)).not.toThrow();
    Y.applyUpdate(doc, one);
    const two = edit(copy, () =>
      addNode(copy, { id: 'b', type: 'memo', position: { x: 0, y: 0 }, data: { title: '' } }),
    );
    expect(() => guard.check({ kind: 'canvas', id: 'c' }, 'canvas:c', doc, two)).toThrow(
      expect.objectContaining({ reason: 'node limit reached', errCode: 'E0003' }),
    );
  });

  it('counts nodes added by earlier updates not applied yet', () => {
    const guard = new EditGuard(2);
    const doc = createCanvasDoc();
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    const add = (id: string) =>
      edit(copy, () => addNode(copy, { id, type: 'memo', position: { x: 0, y: 0 }, data: { title: '' } }));
    const [a, b, c] = [add('a'), add('b'), add('c')];
    const target = { kind: 'canvas', id: 'c' } as const;
    expect(() => guard.check(target, 'canvas:c', doc, c, [a])).not.toThrow();
    expect(() => guard.check(target, 'canvas:c', doc, c, [a, b])).toThrow(
      expect.objectContaining({ reason: 'node limit reached' }),
    );
  });

  it('counts earlier updates not applied yet near the content limit', () => {
    const guard = new EditGuard(10);
    const doc = markdownToYDoc('a'.repeat(99_980));
    guard.measured('doc:d', 99_980);
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    const text = () => (copy.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText;
    const first = edit(copy, () => text().insert(text().length, 'b'.repeat(15)));
    const second = edit(copy, () => text().insert(text().length, 'c'.repeat(15)));
    const target = { kind: 'doc', id: 'd' } as const;
    // alone, the second fits (99,995); after the first, still being logged, it does not
    expect(() => new EditGuard(10).check(target, 'doc:d', doc, second)).not.toThrow();
    expect(() => guard.check(target, 'doc:d', doc, second, [first])).toThrow(
      expect.objectContaining({ errCode: 'E2004' }),
    );
  });

  it('measures exactly only near the content limit, and lets over-long documents shrink', () => {
    const guard = new EditGuard(10);
    const doc = markdownToYDoc('a'.repeat(99_990));
    guard.measured('doc:d', 99_990);
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    const grow = edit(copy, () => markdownToYDoc(`${'a'.repeat(99_990)}${'b'.repeat(20)}`, copy));
    expect(markdownLengthAfter(doc, grow)).toBe(100_010);
    expect(() => guard.check({ kind: 'doc', id: 'd' }, 'doc:d', doc, grow)).toThrow(
      expect.objectContaining({ errCode: 'E2004' }),
    );
    const shrink = edit(copy, () => markdownToYDoc('short', copy));
    expect(() => guard.check({ kind: 'doc', id: 'd' }, 'doc:d', doc, shrink)).not.toThrow();
  });
});
