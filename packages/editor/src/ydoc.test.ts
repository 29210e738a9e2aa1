// Markdown/JSON <-> Y.Doc conversions and convergence of two peers editing through document JSON.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { markdownToDoc } from './markdown.js';
import { DOC_FRAGMENT, type DocJSON } from './schema.js';
import { docToYDoc, markdownToYDoc, setYDocContent, yDocToJSON, yDocToMarkdown } from './ydoc.js';

const MD = [
  '# 会议记录 Notes',
  '',
  'First paragraph with **bold** and a [link](https://example.com).',
  '',
  'Second paragraph.',
  '',
  '- [ ] task one',
  '- [x] task two',
  '',
  '```js',
  'const x = 1;',
  '```',
  '',
  '| a   | b   |',
  '| --- | --- |',
  '| 1   | 2   |',
  '',
].join('\n');

function sync(a: Y.Doc, b: Y.Doc): void {
  const toB = Y.encodeStateAsUpdate(a, Y.encodeStateVector(b));
  const toA = Y.encodeStateAsUpdate(b, Y.encodeStateVector(a));
  Y.applyUpdate(b, toB);
  Y.applyUpdate(a, toA);
}

/** Replaces the text of the top-level block at `index` (a paragraph) in a copy of `doc`. */
function withParagraph(doc: DocJSON, index: number, text: string): DocJSON {
  const content = [...(doc.content ?? [])];
  content[index] = { type: 'paragraph', content: [{ type: 'text', text }] };
  return { ...doc, content };
}

describe('Y.Doc conversions', () => {
  it('round-trips Markdown through a Y.Doc, also after a reload from its encoded state', () => {
    const ydoc = markdownToYDoc(MD);
    expect(ydoc.getXmlFragment(DOC_FRAGMENT).length).toBeGreaterThan(0);
    expect(yDocToMarkdown(ydoc)).toBe(MD);
    const reloaded = new Y.Doc();
    Y.applyUpdate(reloaded, Y.encodeStateAsUpdate(ydoc));
    expect(yDocToMarkdown(reloaded)).toBe(MD);
    expect(yDocToJSON(reloaded)).toEqual(markdownToDoc(MD));
  });

  it('uses the given field and leaves other fragments alone', () => {
    const ydoc = new Y.Doc();
    docToYDoc(markdownToDoc('main'), ydoc);
    markdownToYDoc('side note', ydoc, 'notes');
    expect(yDocToMarkdown(ydoc)).toBe('main\n');
    expect(yDocToMarkdown(ydoc, 'notes')).toBe('side note\n');
    expect(yDocToJSON(new Y.Doc())).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });

  it('updates an existing document in place with a small change', () => {
    const ydoc = markdownToYDoc(MD);
    const before = Y.encodeStateVector(ydoc);
    setYDocContent(ydoc, withParagraph(yDocToJSON(ydoc), 2, 'Second paragraph, revised.'));
    expect(Y.encodeStateAsUpdate(ydoc, before).byteLength).toBeLessThan(100);
    expect(yDocToMarkdown(ydoc)).toBe(MD.replace('Second paragraph.', 'Second paragraph, revised.'));
  });
});

describe('two peers', () => {
  it('converge after concurrent edits applied through ProseMirror JSON', () => {
    const a = markdownToYDoc(MD);
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));

    // A rewrites the second paragraph; B ticks the first task and appends a paragraph.
    setYDocContent(a, withParagraph(yDocToJSON(a), 2, 'Second paragraph, edited by A.'));
    setYDocContent(b, markdownToDoc(`${MD.replace('- [ ] task one', '- [x] task one')}\n段落 added by B.`));

    sync(a, b);
    const merged = yDocToMarkdown(a);
    expect(yDocToMarkdown(b)).toBe(merged);
    expect(merged).toContain('Second paragraph, edited by A.');
    expect(merged).toContain('- [x] task one');
    expect(merged.endsWith('段落 added by B.\n')).toBe(true);
  });

  it('merge edits to the same paragraph character by character', () => {
    const a = markdownToYDoc('Shared sentence.');
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    setYDocContent(a, markdownToDoc('Shared sentence. (A)'));
    setYDocContent(b, markdownToDoc('B: Shared sentence.'));
    sync(a, b);
    expect(yDocToMarkdown(a)).toBe('B: Shared sentence. (A)\n');
    expect(yDocToMarkdown(b)).toBe('B: Shared sentence. (A)\n');
  });
});
