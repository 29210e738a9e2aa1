// Plain-text previews derived from Markdown.
import { describe, expect, it } from 'vitest';
import { CONTENT_PREVIEW_MAX_LENGTH, contentPreviewFromMarkdown, memoTitle } from './preview.js';

describe('contentPreviewFromMarkdown', () => {
  it('strips Markdown syntax to plain text', () => {
    const md = [
      '# Title',
      '',
      'Some **bold**, *italic*, ~~gone~~ and `code` with a [link](https://x.y) and snake_case_name.',
      '',
      '> quoted',
      '',
      '- [ ] task',
      '1. first',
      '',
      '![diagram](a.png)',
      '',
      '```ts',
      'const x = 1;',
      '```',
      '',
      '| a | b |',
      '| --- | --- |',
      '| 1 | 2 |',
      '',
      '---',
      'Escaped \\*star\\* <b>html</b>',
    ].join('\n');
    expect(contentPreviewFromMarkdown(md)).toBe(
      'Title Some bold, italic, gone and code with a link and snake_case_name. quoted task first diagram ' +
        'const x = 1; a b 1 2 Escaped *star* html',
    );
  });

  it('keeps Chinese text and cuts at the limit without splitting characters', () => {
    expect(contentPreviewFromMarkdown('## 标题\n\n这是**中文**内容。')).toBe('标题 这是中文内容。');
    const long = contentPreviewFromMarkdown('字'.repeat(600) + '😀');
    expect(Array.from(long)).toHaveLength(CONTENT_PREVIEW_MAX_LENGTH);
    expect(long.endsWith('字…')).toBe(true);
    expect(contentPreviewFromMarkdown('😀'.repeat(10), 5)).toBe('😀😀😀😀…');
    expect(contentPreviewFromMarkdown('')).toBe('');
  });
});

describe('memoTitle', () => {
  it('keeps a title and otherwise takes the first line of the text', () => {
    expect(memoTitle('Plan', 'anything')).toBe('Plan');
    expect(memoTitle('', '\n\n## **Launch** day\nmore text')).toBe('Launch day');
    expect(memoTitle(undefined, '')).toBe('');
    expect(memoTitle('  ', 'x'.repeat(200))).toHaveLength(80);
  });
});
