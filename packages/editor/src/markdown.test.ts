// Markdown -> document JSON -> Markdown for every construct the schema holds, and the JSON it makes.
import { describe, expect, it } from 'vitest';
import { docToMarkdown, markdownToDoc } from './markdown.js';

/** Markdown already in the canonical form docToMarkdown writes: it must come back byte for byte. */
const ROUND_TRIPS: Record<string, string> = {
  headings: '# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Six',
  paragraphs: 'First paragraph.\n\nSecond paragraph,\nwith a soft break.',
  'hard break': 'line one  \nline two',
  marks: 'Some **bold**, *italic*, ~~struck~~, `code`, ***both*** and [a link](https://example.com "Title").',
  'marks inside a link': '[link **bold**](https://example.com)',
  chinese:
    '# 标题：中文文档\n\n这是**粗体**、*斜体*和`代码`，还有[链接](https://example.cn)。\n\n- 第一项\n- 第二项',
  'bullet list': '- one\n- two\n- three',
  'nested lists': '- fruit\n  - apple\n  - pear\n    1. ripe\n    2. green\n- vegetables',
  'ordered list with start': '3. three\n4. four\n   1. inner',
  'loose list item': '- item\n\n  second paragraph\n- next',
  'task list': '- [x] done\n  - [ ] nested open\n- [ ] open',
  'code block with language': '```ts\nconst answer: number = 42;\n\nconsole.log(answer);\n```',
  'code block without language': '```\nplain code\n```',
  'code block holding a fence': '````md\n```js\nx\n```\n````',
  blockquote: '> quoted\n>\n> - with a list\n> - inside',
  table: '| Name    | Score |\n| ------- | ----- |\n| **Ada** | 1     |\n| `Bob`   | 2     |',
  'table alignment': '| L   | C   | R   |\n| :--- | :---: | ---: |\n| 1   | 2   | 3   |',
  'table in Chinese': '| 名字  | 分数  |\n| --- | --- |\n| 张三  | 1   |',
  image: '![A diagram](https://example.com/d.png "Figure 1")',
  'horizontal rule': 'above\n\n---\n\nbelow',
  'literal block syntax':
    '1\\. not a list\n\n\\# not a heading\n\n\\- not a bullet\n\n\\*not italic\\* and a\\_b',
};

describe('markdownToDoc / docToMarkdown', () => {
  for (const [name, md] of Object.entries(ROUND_TRIPS)) {
    it(`round-trips ${name}`, () => {
      expect(docToMarkdown(markdownToDoc(md))).toBe(`${md}\n`);
    });
  }

  it('builds schema JSON with attributes filled in', () => {
    const doc = markdownToDoc(
      '## Plan\n\n- [x] **ship** [it](https://a.example)\n\n```py\nprint(1)\n```\n\n![x](y.png)',
    );
    expect(doc.content?.[0]).toEqual({
      type: 'heading',
      attrs: { level: 2 },
      content: [{ type: 'text', text: 'Plan' }],
    });
    const item = doc.content?.[1]?.content?.[0];
    expect(item).toMatchObject({ type: 'taskItem', attrs: { checked: true } });
    expect(item?.content?.[0]?.content).toEqual([
      { type: 'text', text: 'ship', marks: [{ type: 'bold' }] },
      { type: 'text', text: ' ' },
      {
        type: 'text',
        text: 'it',
        marks: [
          {
            type: 'link',
            attrs: {
              href: 'https://a.example',
              target: '_blank',
              rel: 'noopener noreferrer nofollow',
              class: null,
              title: null,
            },
          },
        ],
      },
    ]);
    expect(doc.content?.[2]).toEqual({
      type: 'codeBlock',
      attrs: { language: 'py' },
      content: [{ type: 'text', text: 'print(1)' }],
    });
    expect(doc.content?.[3]).toMatchObject({ type: 'image', attrs: { src: 'y.png', alt: 'x' } });
  });

  it('lifts images out of paragraphs, since images are blocks here', () => {
    const doc = markdownToDoc('Before ![pic](p.png) after');
    expect(doc.content?.map((node) => node.type)).toEqual(['paragraph', 'image', 'paragraph']);
    expect(docToMarkdown(doc)).toBe('Before\n\n![pic](p.png)\n\nafter\n');
  });

  it('normalizes other spellings to the canonical form', () => {
    expect(docToMarkdown(markdownToDoc('| a | b |\n|---|---|\n| 1 | 2 |'))).toBe(
      '| a   | b   |\n| --- | --- |\n| 1   | 2   |\n',
    );
    expect(docToMarkdown(markdownToDoc('* star\n+ plus'))).toBe('- star\n\n- plus\n');
    expect(docToMarkdown(markdownToDoc('Title\n=====\n\n***'))).toBe('# Title\n\n---\n');
    expect(docToMarkdown(markdownToDoc('a\r\nb'))).toBe('a\nb\n');
  });

  it('keeps raw HTML as visible text instead of markup', () => {
    const doc = markdownToDoc('<script>alert(1)</script>');
    expect(doc.content?.[0]).toEqual({
      type: 'paragraph',
      content: [{ type: 'text', text: '<script>alert(1)</script>' }],
    });
    expect(markdownToDoc(docToMarkdown(doc))).toEqual(doc);
  });

  it('handles empty input and rejects JSON outside the schema', () => {
    expect(markdownToDoc('')).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(docToMarkdown(markdownToDoc(''))).toBe('');
    expect(() => docToMarkdown({ type: 'doc', content: [{ type: 'video' }] })).toThrow();
  });

  it('keeps empty list items and an empty quote as empty paragraphs instead of failing', () => {
    const list = markdownToDoc('1. \n2. b');
    expect(list.content?.[0]?.type).toBe('orderedList');
    expect(list.content?.[0]?.content?.[0]).toEqual({ type: 'listItem', content: [{ type: 'paragraph' }] });
    expect(docToMarkdown(list)).toContain('2. b');
    expect(markdownToDoc('>\n')).toEqual({
      type: 'doc',
      content: [{ type: 'blockquote', content: [{ type: 'paragraph' }] }],
    });
  });
});
