import { describe, expect, it } from 'vitest';
import { addNode, createCanvasDoc } from '@atelier/canvas';
import { ApiError } from '@atelier/contract/client';
import { positionBelow } from './addToCanvas';
import { parseLinks } from './ImportResourceModal';
import { isFileTooLarge, isQuotaError, remainingFilesOf } from './libraryQueries';
import { snippetAround } from './LibrarySearchResults';
import { resourceFacts } from './ResourcePanel';
import { displayTitle, formatBytes, isImage, plainPreview } from './resourceUtils';
import type { Resource } from '@atelier/contract';

const resource = (patch: Partial<Resource>): Resource => ({
  resourceId: 'r-1',
  resourceType: 'file',
  title: 'a',
  indexStatus: 'finish',
  storageSize: 0,
  vectorSize: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...patch,
});

describe('parseLinks', () => {
  it('needs at least one link', () => {
    expect(parseLinks('  \n ')).toEqual({ error: 'linksRequired' });
  });
  it('refuses a line that is not http or https', () => {
    expect(parseLinks('https://a.example\nftp://b.example')).toEqual({
      error: 'linkInvalid',
      line: 'ftp://b.example',
    });
    expect(parseLinks('example.com')).toMatchObject({ error: 'linkInvalid' });
  });
  it('takes one link per line, trimmed and without repeats', () => {
    expect(parseLinks(' https://a.example/x \n\nhttp://b.example\nhttps://a.example/x')).toEqual({
      links: ['https://a.example/x', 'http://b.example'],
    });
  });
  it('refuses more links than a batch holds', () => {
    const many = Array.from({ length: 51 }, (_, i) => `https://e.example/${i}`).join('\n');
    expect(parseLinks(many)).toEqual({ error: 'tooManyLinks' });
  });
});

describe('errors of uploads', () => {
  it('reads N out of the quota message', () => {
    const err = new ApiError('E2001', 'Insufficient storage: only 3 files can be saved');
    expect(isQuotaError(err)).toBe(true);
    expect(remainingFilesOf(err)).toBe(3);
    expect(remainingFilesOf(new ApiError('E2001'))).toBeUndefined();
  });
  it('recognises the file size message', () => {
    expect(isFileTooLarge(new ApiError('E0003', 'File size cannot exceed the limit'))).toBe(true);
    expect(isFileTooLarge(new ApiError('E0003', 'title: too long'))).toBe(false);
  });
});

describe('previews and titles', () => {
  it('drops Markdown markers from previews', () => {
    expect(plainPreview('# Standup - Ship the **library** [screen](https://x.example)')).toBe(
      'Standup Ship the library screen',
    );
  });
  it('cuts a snippet around the first match', () => {
    const text = `${'lorem '.repeat(100)}needle ${'ipsum '.repeat(100)}`;
    const snippet = snippetAround(text, 'needle', 60);
    expect(snippet).toContain('needle');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(62);
  });
  it('shows the parsed page title of a link saved under its address', () => {
    const url = 'https://e.example/a';
    expect(
      displayTitle(resource({ resourceType: 'weblink', title: url, data: { url, title: 'Page' } })),
    ).toBe('Page');
    expect(
      displayTitle(resource({ resourceType: 'weblink', title: 'Mine', data: { url, title: 'Page' } })),
    ).toBe('Mine');
  });
  it('knows images and their dimensions', () => {
    const image = resource({ contentPreview: 'Image, 640×480 pixels' });
    expect(isImage(image)).toBe(true);
    expect(resourceFacts(image)).toEqual({ width: 640, height: 480 });
    expect(isImage(resource({ contentPreview: 'Quarterly report' }))).toBe(false);
  });
  it('formats sizes', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(2048, 'en')).toBe('2 KB');
    expect(formatBytes(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
  });
});

describe('positionBelow', () => {
  it('starts an empty canvas at the origin and goes under the lowest node', () => {
    const doc = createCanvasDoc();
    expect(positionBelow(doc)).toEqual({ x: 0, y: 0 });
    addNode(doc, { type: 'memo', position: { x: 100, y: 50 }, height: 100, data: { title: '' } });
    addNode(doc, { type: 'memo', position: { x: 20, y: 10 }, data: { title: '' } });
    expect(positionBelow(doc)).toEqual({ x: 20, y: 250 });
  });
});
