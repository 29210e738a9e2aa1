import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addNode, createCanvasDoc, getCanvasSnapshot, removeNodes } from '@atelier/canvas';
import { decodeVersion, encodeVersion, stateHash } from './version.codec.js';
import { textDiff, documentSummary } from './version.changes.js';

function canvasWith(count: number): Y.Doc {
  const doc = createCanvasDoc();
  for (let i = 0; i < count; i += 1)
    addNode(doc, { id: `n-${i}`, type: 'memo', position: { x: i, y: 0 }, data: { title: `node ${i}` } });
  return doc;
}

describe('version codec', () => {
  it('hashes equal states alike whatever order they were built in, and a deletion changes the hash', () => {
    const a = canvasWith(3);
    const b = new Y.Doc();
    const updates: Uint8Array[] = [];
    const c = canvasWith(0);
    c.on('update', (u: Uint8Array) => updates.push(u));
    Y.applyUpdate(c, Y.encodeStateAsUpdate(a));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(c));
    expect(stateHash(b)).toBe(stateHash(c));
    const before = stateHash(c);
    removeNodes(c, ['n-1']);
    expect(stateHash(c)).not.toBe(before);
  });

  it('stores a small change as a diff against the base and decodes the exact state', async () => {
    const doc = canvasWith(200);
    const first = await encodeVersion(Y.encodeStateAsUpdate(doc), null);
    expect(first.newBase).not.toBeNull();
    addNode(doc, { id: 'n-new', type: 'memo', position: { x: 0, y: 0 }, data: { title: 'new' } });
    const second = await encodeVersion(Y.encodeStateAsUpdate(doc), first.newBase);
    expect(second.newBase).toBeNull();
    expect(second.diff.byteLength).toBeLessThan(first.newBase!.size / 8);
    const decoded = await decodeVersion(first.newBase!.state, second.diff);
    expect(getCanvasSnapshot(decoded)).toEqual(getCanvasSnapshot(doc));
    expect(stateHash(decoded)).toBe(stateHash(doc));
  });

  it('starts a new base when the state did not grow from the old one', async () => {
    const base = await encodeVersion(Y.encodeStateAsUpdate(canvasWith(5)), null);
    const other = await encodeVersion(Y.encodeStateAsUpdate(canvasWith(5)), base.newBase);
    expect(other.newBase).not.toBeNull();
  });
});

describe('version changes', () => {
  it('diffs words in both languages and counts characters', () => {
    const parts = textDiff('Hello world, 你好世界', 'Hello new world, 你好');
    expect(parts.filter((p) => p.op === 'added').map((p) => p.text.trim())).toEqual(['new']);
    expect(parts.filter((p) => p.op === 'removed').map((p) => p.text)).toEqual(['世界']);
    expect(documentSummary('abc', 'abXc')).toEqual({ kind: 'document', charsAdded: 1, charsRemoved: 0 });
    expect(textDiff('', '')).toEqual([]);
  });
});
