import { describe, expect, it } from 'vitest';
import { chunkMarkdown, markdownBlocks } from './ingest.chunker.js';

describe('markdown chunking', () => {
  it('splits blocks at headings and blank lines and keeps code fences whole', () => {
    const md = '# Title\nintro line\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\nafter';
    expect(markdownBlocks(md)).toEqual([
      '# Title',
      'intro line',
      '```js\nconst a = 1;\n\nconst b = 2;\n```',
      'after',
    ]);
  });

  it('packs small blocks into one chunk and keeps every chunk under the size', () => {
    expect(chunkMarkdown('a\n\nb\n\nc')).toEqual(['a\n\nb\n\nc']);
    const long = Array.from({ length: 200 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const chunks = chunkMarkdown(`# Head\n\n${long}`, 500, 80);
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(500);
    // every sentence survives somewhere
    expect(chunks.join(' ')).toContain('Sentence number 199 is here.');
  });

  it('repeats the tail of a chunk at the start of the next (overlap)', () => {
    const paras = Array.from({ length: 10 }, (_, i) => `Paragraph ${i} ${'word '.repeat(20)}end${i}.`);
    const chunks = chunkMarkdown(paras.join('\n\n'), 300, 60);
    expect(chunks.length).toBeGreaterThan(2);
    const lastWords = chunks[0]!.slice(-20).trim();
    expect(chunks[1]!.includes(lastWords.split(' ').at(-1)!)).toBe(true);
  });

  it('starts a new chunk at a heading once the current one has a body', () => {
    const md = `# One\n\n${'alpha '.repeat(40)}\n\n# Two\n\nbeta`;
    const chunks = chunkMarkdown(md, 400, 50);
    expect(chunks.at(-1)!.startsWith('# Two')).toBe(true);
  });
});
