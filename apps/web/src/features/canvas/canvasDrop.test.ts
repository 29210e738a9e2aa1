import { describe, expect, it } from 'vitest';
import { LIMITS } from '@atelier/contract';
import {
  classifyTransfer,
  dragKind,
  dropSlot,
  isImageFile,
  linksOfUriList,
  type TransferLike,
} from './canvasDrop';
import { DEFAULT_NODE_SIZE } from './canvasOps';

/** A DataTransfer-like payload: a map of type → data, and files. */
function transfer(data: Record<string, string>, files: File[] = []): TransferLike {
  return {
    types: [...(files.length ? ['Files'] : []), ...Object.keys(data)],
    files,
    getData: (format) => data[format] ?? '',
  };
}

const clipText = JSON.stringify({
  format: 'atelier-canvas-clip',
  version: 1,
  nodes: [{ id: 'n1', type: 'memo', position: { x: 0, y: 0 }, data: { title: '', contentPreview: 'hi' } }],
  edges: [],
});

describe('classifyTransfer', () => {
  it('puts files first, even when the drag also carries their link', () => {
    const png = new File(['x'], 'cat.png', { type: 'image/png' });
    const result = classifyTransfer(
      transfer(
        { 'text/uri-list': 'https://example.com/cat.png', 'text/plain': 'https://example.com/cat.png' },
        [png],
      ),
    );
    expect(result).toEqual({ kind: 'files', files: [png] });
  });

  it('reads copied canvas nodes as nodes', () => {
    const result = classifyTransfer(transfer({ 'text/plain': clipText }));
    expect(result.kind).toBe('nodes');
    if (result.kind === 'nodes') expect(result.clip.nodes.map((n) => n.id)).toEqual(['n1']);
  });

  it('takes the links of a uri-list, skipping comments and other schemes', () => {
    const list =
      '# dragged from a browser\r\nhttps://a.example/x\r\nftp://b.example/\r\nhttp://c.example/y\r\n';
    expect(
      classifyTransfer(transfer({ 'text/uri-list': list, 'text/plain': 'https://a.example/x' })),
    ).toEqual({
      kind: 'urls',
      urls: ['https://a.example/x', 'http://c.example/y'],
    });
  });

  it('treats text that is one http(s) URL as a link', () => {
    expect(classifyTransfer(transfer({ 'text/plain': '  https://example.com/page?q=1  \n' }))).toEqual({
      kind: 'urls',
      urls: ['https://example.com/page?q=1'],
    });
  });

  it('keeps other text as text, as it was written', () => {
    const text = 'Read https://example.com later\nand take notes';
    expect(classifyTransfer(transfer({ 'text/plain': text }))).toEqual({ kind: 'text', text });
    expect(classifyTransfer(transfer({ 'text/plain': 'javascript:alert(1)' }))).toEqual({
      kind: 'text',
      text: 'javascript:alert(1)',
    });
    expect(classifyTransfer(transfer({ 'text/plain': '{"format":"other"}' })).kind).toBe('text');
  });

  it('finds nothing in an empty payload, whitespace or no payload', () => {
    expect(classifyTransfer(transfer({}))).toEqual({ kind: 'none' });
    expect(classifyTransfer(transfer({ 'text/plain': ' \n\t' }))).toEqual({ kind: 'none' });
    expect(classifyTransfer(null)).toEqual({ kind: 'none' });
    expect(classifyTransfer(transfer({ 'text/html': '<b>x</b>' }))).toEqual({ kind: 'none' });
  });
});

describe('linksOfUriList', () => {
  it('drops duplicates and stops at the batch limit', () => {
    const many = Array.from({ length: LIMITS.maxBatchItems + 5 }, (_, i) => `https://e.example/${i}`);
    expect(linksOfUriList(['https://a.example/', 'https://a.example/'].join('\n'))).toEqual([
      'https://a.example/',
    ]);
    expect(linksOfUriList(many.join('\n'))).toHaveLength(LIMITS.maxBatchItems);
  });
});

describe('dragKind', () => {
  it('tells files, links and text apart from the types alone', () => {
    expect(dragKind(['Files'])).toBe('files');
    expect(dragKind(['text/uri-list', 'text/plain'])).toBe('link');
    expect(dragKind(['text/plain'])).toBe('text');
    expect(dragKind(['application/x-moz-custom'])).toBeNull();
  });
});

describe('dropSlot', () => {
  it('centres the first item on the drop point and lays the others out in rows of three', () => {
    const at = { x: 500, y: 300 };
    const { width, height } = DEFAULT_NODE_SIZE;
    const first = dropSlot(at, 0);
    expect(first).toEqual({ x: Math.round(500 - width / 2), y: Math.round(300 - height / 2) });
    const slots = [0, 1, 2, 3].map((i) => dropSlot(at, i));
    expect(new Set(slots.map((s) => `${s.x},${s.y}`)).size).toBe(4);
    expect(slots[1]!.x).toBeGreaterThanOrEqual(first.x + width);
    expect(slots[3]).toEqual({ x: first.x, y: first.y + height + 40 });
  });
});

describe('isImageFile', () => {
  it('knows the image types an image node shows', () => {
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'image/svg+xml' })).toBe(false);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
  });
});
