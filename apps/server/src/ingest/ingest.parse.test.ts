import { describe, expect, it } from 'vitest';
import {
  TINY_PNG,
  buildDocx,
  buildEpub,
  buildOdt,
  buildPdf,
  buildPptx,
  buildXlsx,
} from '../../test/helpers/ingest-fixtures.js';
import { ParseError, detectFormat } from './ingest.formats.js';
import { parseContent, type ParseInput } from './ingest.parse.js';

const parse = (body: Buffer, format: ParseInput['format'], filename?: string) =>
  parseContent({ body, format, filename: filename ?? null, maxPages: 50 });

describe('format detection', () => {
  it('recognises types by content type and by extension', () => {
    expect(detectFormat('application/pdf', 'x.bin')).toBe('pdf');
    expect(detectFormat('application/octet-stream', 'notes.MD')).toBe('markdown');
    expect(detectFormat('text/plain', 'main.ts')).toBe('code');
    expect(detectFormat('', 'data.csv')).toBe('csv');
    expect(detectFormat('image/png', 'a.png')).toBe('image');
    expect(detectFormat('application/zip', 'a.zip')).toBeNull();
    expect(detectFormat('video/mp4', 'a.mp4')).toBeNull();
  });
});

describe('parsers', () => {
  it('parses text, Markdown, CSV, JSON, code, HTML and RTF', async () => {
    expect((await parse(Buffer.from('plain words'), 'text')).content).toBe('plain words');
    const csv = await parse(Buffer.from('name,city\n"Lovelace, Ada",London\n'), 'csv', 'people.csv');
    expect(csv.content).toContain('| Lovelace, Ada | London |');
    expect((await parse(Buffer.from('{"planet":"Mars"}'), 'json')).content).toContain('"planet": "Mars"');
    expect((await parse(Buffer.from('const answer = 42;'), 'code', 'a.ts')).content).toMatch(
      /^```typescript\n/,
    );
    const html = await parse(
      Buffer.from(
        '<html><head><title>Tides</title></head><body><nav>menu</nav><article><h1>Tides</h1><p>The moon pulls the oceans and makes the tides rise and fall twice a day, every day.</p></article></body></html>',
      ),
      'html',
    );
    expect(html.title).toBe('Tides');
    expect(html.content).toContain('moon pulls the oceans');
    const rtf = await parse(
      Buffer.from("{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}\\f0 Hello \\b rich\\b0  text\\par caf\\'e9}"),
      'rtf',
    );
    expect(rtf.content).toBe('Hello rich text\ncafé');
  });

  it('parses PDF pages and refuses one over the page limit', async () => {
    const pdf = await buildPdf(['Photosynthesis converts light', 'Second page about chlorophyll']);
    const parsed = await parse(pdf, 'pdf');
    expect(parsed.pages).toBe(2);
    expect(parsed.content).toContain('Photosynthesis converts light');
    expect(parsed.content).toContain('chlorophyll');
    const err = await parseContent({ body: pdf, format: 'pdf', maxPages: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParseError);
    expect((err as ParseError).type).toBe('pageLimitExceeded');
  });

  it('parses DOCX, PPTX, XLSX, ODT and EPUB', async () => {
    expect(
      (await parse(await buildDocx('Quarterly report', 'Revenue grew steadily'), 'docx')).content,
    ).toMatch(/# Quarterly report[\s\S]*Revenue grew steadily/);
    expect((await parse(buildPptx(['Roadmap', 'Milestones']), 'pptx')).content).toBe(
      '## Slide 1\n\nRoadmap\n\n## Slide 2\n\nMilestones',
    );
    expect(
      (
        await parse(
          buildXlsx([
            ['item', 'cost'],
            ['paper', '12'],
          ]),
          'xlsx',
        )
      ).content,
    ).toContain('| paper | 12 |');
    expect((await parse(buildOdt('Minutes', 'Decisions were taken'), 'odt')).content).toBe(
      '# Minutes\n\nDecisions were taken',
    );
    expect((await parse(buildEpub(['Once upon a time', 'The end']), 'epub')).content).toMatch(
      /Chapter 1[\s\S]*Once upon a time[\s\S]*The end/,
    );
  });

  it('reads image dimensions', async () => {
    expect((await parse(TINY_PNG, 'image')).dimensions).toEqual({ width: 3, height: 2 });
  });

  it('turns damaged files into a ParseError', async () => {
    for (const [body, format] of [
      [Buffer.from('%PDF-1.4 garbage'), 'pdf'],
      [Buffer.from('PK\u0003\u0004 broken'), 'docx'],
      [Buffer.from('not a zip'), 'xlsx'],
      [Buffer.from('{"a":'), 'json'],
      [Buffer.from([0, 1, 2]), 'text'],
      [Buffer.from('nope'), 'image'],
    ] as const) {
      await expect(parse(body, format), format).rejects.toBeInstanceOf(ParseError);
    }
  });
});
