// Plain-text extraction from document JSON.
import { describe, expect, it } from 'vitest';
import { markdownToDoc } from './markdown.js';
import { docToPlainText } from './plain-text.js';

describe('docToPlainText', () => {
  it('drops marks and puts each block on its own line', () => {
    const md = [
      '# 标题 Title',
      '',
      'Text with **bold**, `code` and a [link](https://x.y).  ',
      'After a hard break.',
      '',
      '- one',
      '  - nested',
      '- [x] done',
      '',
      '> quoted',
      '',
      '```py',
      'print("hi")',
      '```',
      '',
      '| a | b |',
      '| --- | --- |',
      '| 1 | 2 |',
      '',
      '![Alt text](p.png)',
      '',
      '---',
      '',
      '中文结尾。',
    ].join('\n');
    expect(docToPlainText(markdownToDoc(md))).toBe(
      [
        '标题 Title',
        'Text with bold, code and a link.',
        'After a hard break.',
        'one',
        'nested',
        'done',
        'quoted',
        'print("hi")',
        'a\tb',
        '1\t2',
        'Alt text',
        '中文结尾。',
      ].join('\n'),
    );
  });

  it('gives an empty string for an empty document', () => {
    expect(docToPlainText(markdownToDoc(''))).toBe('');
  });
});
