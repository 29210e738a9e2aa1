// AI in the editor without the browser: the request each action sends, the selection as the
// server's Markdown, and the suggestion range through edits, accept (one step) and clear.
import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { editorExtensions, getEditorSchema } from '@atelier/editor';
import {
  DocAi,
  acceptSuggestion,
  docAiInvoke,
  documentCitations,
  findText,
  scriptLocale,
  selectionMarkdown,
  setSuggestionRange,
  suggestionContent,
  suggestionRange,
  settledRange,
} from './docAi';
import { citedMarkdown } from '../ai/citations';

describe('docAiInvoke', () => {
  it('rewrites, shortens and expands the selection as a suggestion', () => {
    const body = docAiInvoke({ action: 'shorten', docId: 'd-1', selection: 'A long sentence.' });
    expect(body.skillName).toBe('rewriteDoc');
    expect(body.input.selection).toEqual({ docId: 'd-1', text: 'A long sentence.', suggest: true });
    expect(body.input.query).toMatch(/shorter/);
    expect(body.locale).toBeUndefined();
    expect(docAiInvoke({ action: 'rewrite', docId: 'd-1', selection: '港口很平静。' }).locale).toBe('zh-CN');
  });

  it('translates into the chosen language', () => {
    const body = docAiInvoke({ action: 'translate', docId: 'd-1', selection: 'Hello', language: 'zh-CN' });
    expect(body.locale).toBe('zh-CN');
    expect(body.input.query).toContain('Simplified Chinese');
  });

  it('continues at the cursor without a selection, and asks freely', () => {
    const more = docAiInvoke({ action: 'continue', docId: 'd-1', selection: 'ignored', nearby: '今天' });
    expect(more.skillName).toBe('editDoc');
    expect(more.input.selection).toEqual({ docId: 'd-1', suggest: true });
    expect(more.locale).toBe('zh-CN');
    const ask = docAiInvoke({ action: 'custom', docId: 'd-1', selection: null, instruction: ' A list ' });
    expect(ask).toMatchObject({ skillName: 'editDoc', input: { query: 'A list' } });
    const onText = docAiInvoke({ action: 'custom', docId: 'd-1', selection: 'x', instruction: 'Bold it' });
    expect(onText.skillName).toBe('rewriteDoc');
  });

  it('tells scripts apart', () => {
    expect(scriptLocale('こんにちは')).toBe('ja');
    expect(scriptLocale('안녕')).toBe('ko');
    expect(scriptLocale('plain')).toBeUndefined();
  });
});

describe('selection and answer as content', () => {
  const schema = getEditorSchema();
  const doc = schema.nodeFromJSON({
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'First ' },
          { type: 'text', text: 'bold', marks: [{ type: 'bold' }] },
          { type: 'text', text: ' words. Second sentence.' },
        ],
      },
      { type: 'paragraph', content: [{ type: 'text', text: 'Next block.' }] },
    ],
  });

  it('writes a part of a paragraph as inline Markdown, several blocks as blocks', () => {
    expect(selectionMarkdown(doc, 1, 18)).toBe('First **bold** words.');
    expect(selectionMarkdown(doc, 19, 48)).toBe('Second sentence.\n\nNext block.');
    expect(selectionMarkdown(doc, 5, 5)).toBe('');
  });

  it('settles a range that drifted off its words back onto them, and on nothing when they are gone', () => {
    const drifted = { from: 22, to: 37, card: true, rel: null, text: 'Second sentence.' };
    expect(doc.textBetween(22, 37)).not.toBe('Second sentence.');
    const settled = settledRange(doc, drifted)!;
    expect(doc.textBetween(settled.from, settled.to)).toBe('Second sentence.');
    expect(settledRange(doc, { ...drifted, text: 'Third sentence.' })).toBeNull();
    expect(settledRange(doc, { ...drifted, from: 5, to: 5 })).toEqual({ from: 5, to: 5 });
  });

  it('finds a text again, the occurrence nearest to where it was', () => {
    expect(findText(doc, 'Next block.', 0)).toEqual({ from: 37, to: 48 });
    expect(findText(doc, 'words', 40)).toEqual({ from: 12, to: 17 });
    expect(findText(doc, 'not there', 0)).toBeNull();
    expect(findText(doc, 'a\nb', 0)).toBeNull();
  });

  it('turns one paragraph into inline content, more into blocks', () => {
    expect(suggestionContent('Short *and* sweet.\n')).toEqual({
      inline: true,
      content: [
        { type: 'text', text: 'Short ' },
        { type: 'text', text: 'and', marks: [{ type: 'italic' }] },
        { type: 'text', text: ' sweet.' },
      ],
    });
    const blocks = suggestionContent('# Title\n\n- one\n- two');
    expect(blocks.inline).toBe(false);
    expect(blocks.content.map((b) => b.type)).toEqual(['heading', 'bulletList']);
  });
});

describe('the suggestion range in an editor', () => {
  let editor: Editor | null = null;
  afterEach(() => editor?.destroy());

  const make = (text: string) => {
    const host = document.createElement('div');
    editor = new Editor({
      extensions: [...editorExtensions(), DocAi.configure({ host: () => host })],
      content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
    });
    return { editor, host };
  };

  it('strikes the original, shows the card, follows edits and replaces it on accept', () => {
    const { editor: e, host } = make('Keep this. Change this part. Keep that.');
    setSuggestionRange(e, { from: 12, to: 29, card: true });
    expect(e.view.dom.querySelector('.doc-ai-original')?.textContent).toBe('Change this part.');
    expect(e.view.dom.contains(host)).toBe(true);
    // typing before the range moves it
    e.commands.insertContentAt(1, 'Hi. ');
    expect(suggestionRange(e)).toMatchObject({ from: 16, to: 33 });
    expect(acceptSuggestion(e, 'Changed.')).toBe(true);
    expect(e.getText()).toBe('Hi. Keep this. Changed. Keep that.');
    expect(suggestionRange(e)).toBeNull();
    expect(e.view.dom.querySelector('.doc-ai-original')).toBeNull();
  });

  it('accepts an answer with citations as [n] links numbered on from the document, never a marker', () => {
    const { editor: e } = make('Intro. Old words here.');
    // the document already cites a web page as [3]
    e.commands.insertContentAt(7, {
      type: 'text',
      text: '[3]',
      marks: [{ type: 'link', attrs: { href: 'https://web.example/' } }],
    });
    const existing = documentCitations(e.state.doc);
    expect([...existing]).toEqual([['https://web.example/', 3]]);
    const from = e.getText().indexOf('Old') + 1;
    setSuggestionRange(e, { from, to: from + 'Old words here.'.length, card: true });
    const markdown = citedMarkdown(
      'New words. More.',
      [
        { index: 1, at: 9 },
        { index: 2, at: 15 },
      ],
      [
        { index: 1, title: 'Web', kind: 'url', url: 'https://web.example/' },
        { index: 2, title: 'Notes', kind: 'document', entityId: 'd-9' },
      ],
      existing,
    );
    expect(acceptSuggestion(e, markdown)).toBe(true);
    expect(e.getText()).toBe('Intro.[3] New words [3]. More [4].');
    expect(e.getText()).not.toMatch(/citation/);
    expect([...documentCitations(e.state.doc)]).toEqual([
      ['https://web.example/', 3],
      ['/documents/d-9', 4],
    ]);
  });

  it('writes at the cursor with a space, and clearing leaves the text alone', () => {
    const { editor: e } = make('It rained.');
    setSuggestionRange(e, { from: 11, to: 11, card: true });
    acceptSuggestion(e, 'Then the sun came out.');
    expect(e.getText()).toBe('It rained. Then the sun came out.');
    setSuggestionRange(e, { from: 1, to: 3, card: true });
    setSuggestionRange(e, null);
    expect(e.getText()).toBe('It rained. Then the sun came out.');
  });

  it('writes nothing on accept when the selected words were changed meanwhile', () => {
    const { editor: e } = make('Keep this. Change this part. Keep that.');
    setSuggestionRange(e, { from: 12, to: 29, card: true });
    // someone edits inside the selected words while the answer is written
    e.commands.insertContentAt({ from: 19, to: 23 }, 'that');
    expect(e.getText()).toBe('Keep this. Change that part. Keep that.');
    expect(acceptSuggestion(e, 'Changed.')).toBe(false);
    expect(e.getText()).toBe('Keep this. Change that part. Keep that.');
  });
});
