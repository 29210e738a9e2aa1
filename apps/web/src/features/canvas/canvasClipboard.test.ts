import { describe, expect, it } from 'vitest';
import { addNode, createCanvasDoc } from '@atelier/canvas';
import { clipForms, clipFromHtml, CLIP_ATTRIBUTE } from './canvasClipboard';
import { classifyTransfer, type TransferLike } from './canvasDrop';
import { copyNodes } from './canvasOps';

/** A canvas with a memo, a document and a website, and the clip of all three. */
function sample() {
  const doc = createCanvasDoc();
  const memo = addNode(doc, {
    type: 'memo',
    position: { x: 400, y: 0 },
    data: { title: '', contentPreview: 'Call the <harbour> master\nabout the tides' },
  });
  const document = addNode(doc, {
    type: 'document',
    position: { x: 0, y: 0 },
    data: {
      title: 'Field notes',
      entityId: 'd1',
      contentPreview: 'Seals haul out at low tide [[citation:1]].\n\nThe second paragraph.',
    },
  });
  const site = addNode(doc, {
    type: 'website',
    position: { x: 0, y: 300 },
    data: { title: 'Tide tables', metadata: { url: 'https://example.com/tides' } },
  });
  return { clip: copyNodes(doc, [memo.id, document.id, site.id]) };
}

/** What an editor reads of pasted html: the text of its body. */
function textOfHtml(html: string): string {
  const dom = new DOMParser().parseFromString(html, 'text/html');
  return dom.body.textContent ?? '';
}

describe('canvas clipboard forms', () => {
  it('puts readable plain text on the clipboard: titles and text in reading order, no JSON', () => {
    const { text } = clipForms(sample().clip);
    expect(text).toBe(
      [
        'Field notes\nSeals haul out at low tide.\n\nThe second paragraph.',
        'Call the <harbour> master\nabout the tides',
        'Tide tables\nhttps://example.com/tides',
      ].join('\n\n'),
    );
    expect(text).not.toContain('{"');
    expect(text).not.toContain('citation');
  });

  it('puts readable html on the clipboard that an editor shows as headings and paragraphs', () => {
    const { html } = clipForms(sample().clip);
    const dom = new DOMParser().parseFromString(html, 'text/html');
    expect([...dom.querySelectorAll('h3')].map((h) => h.textContent)).toEqual(['Field notes', 'Tide tables']);
    expect([...dom.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Seals haul out at low tide.',
      'The second paragraph.',
      // a line break inside a paragraph is a <br> (no text of its own)
      'Call the <harbour> masterabout the tides',
      'https://example.com/tides',
    ]);
    expect(dom.querySelectorAll('p br')).toHaveLength(1);
    expect(dom.querySelector('a')?.getAttribute('href')).toBe('https://example.com/tides');
    // the text an editor takes in: no internal JSON, no markers
    const shown = textOfHtml(html);
    expect(shown).toContain('Field notes');
    expect(shown).not.toContain('{"');
    expect(shown).not.toContain('atelier-canvas-clip');
  });

  it('reads the clip back from its html form, and a paste onto a canvas pastes the nodes', () => {
    const { clip } = sample();
    const forms = clipForms(clip);
    expect(forms.html).toContain(CLIP_ATTRIBUTE);
    expect(clipFromHtml(forms.html)).toEqual(clip);
    expect(clipFromHtml('<p>just text</p>')).toBeNull();
    expect(clipFromHtml(`<div ${CLIP_ATTRIBUTE}="not json">x</div>`)).toBeNull();
    const data: Record<string, string> = { 'text/plain': forms.text, 'text/html': forms.html };
    const transfer: TransferLike = { types: Object.keys(data), getData: (type) => data[type] ?? '' };
    expect(classifyTransfer(transfer)).toEqual({ kind: 'nodes', clip });
    // the same text without the html (copied from another app) is text, a memo
    const plain: TransferLike = { types: ['text/plain'], getData: () => forms.text };
    expect(classifyTransfer(plain)).toEqual({ kind: 'text', text: forms.text });
  });

  it("reads an answer node's full answer when given, and leaves out nodes with nothing to read", () => {
    const doc = createCanvasDoc();
    const answer = addNode(doc, {
      type: 'skillResponse',
      position: { x: 0, y: 0 },
      data: { title: 'Why are tides?', entityId: 'r1', contentPreview: 'The moon' },
    });
    const empty = addNode(doc, { type: 'memo', position: { x: 0, y: 300 }, data: { title: '' } });
    const clip = copyNodes(doc, [answer.id, empty.id]);
    const { text } = clipForms(clip, (n) =>
      n.type === 'skillResponse' ? 'The moon pulls [[citation:2]] the sea.' : undefined,
    );
    expect(text).toBe('Why are tides?\nThe moon pulls the sea.');
  });
});
