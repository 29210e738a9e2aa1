/** Ingestion over real HTTP: each supported format parses to its words; web links, scrape and convert. */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Resource } from '@atelier/contract';
import {
  TINY_PNG,
  buildDocx,
  buildEpub,
  buildOdt,
  buildPdf,
  buildPptx,
  buildXlsx,
} from './helpers/ingest-fixtures.js';
import { expectData, expectFailure, type Wrapped } from './helpers/items.js';
import { createResource, createWithFile, settled } from './helpers/resources.js';
import { startWebFixture, type WebFixture } from './helpers/web-fixture.js';
import type { BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';

const it = serverTest({ FETCH_ALLOW_PRIVATE: 'true', PARSE_MAX_PAGES: '3' });

const ARTICLE = `<!doctype html><html><head><title>Bees and flowers</title>
<meta property="og:description" content="How pollination works"><meta property="og:image" content="/bee.png"></head>
<body><nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>Bees and flowers</h1><p>Honeybees carry pollen from one flower to the next, and in doing so they
fertilise the plants that feed half the world. A single hive visits millions of blossoms in one season.</p>
<p>Without pollinators, orchards of apples and almonds would yield almost nothing at all.</p></article>
<footer>Copyright nobody</footer></body></html>`;

let web: WebFixture;

beforeAll(async () => {
  web = await startWebFixture({
    '/article': { type: 'text/html; charset=utf-8', body: ARTICLE },
    '/moved': { status: 301, location: '/article' },
    '/notes.txt': { type: 'text/plain', body: 'plain page about glaciers' },
    '/binary': { type: 'application/octet-stream', body: Buffer.from([0, 1, 2, 3]) },
  });
});
afterAll(async () => {
  await web?.close();
});

async function ingestFile(
  alice: BuiltUser,
  name: string,
  body: Buffer | string,
  type?: string,
): Promise<Resource> {
  const res = await createWithFile(alice.client, {
    body: typeof body === 'string' ? body : new Uint8Array(body),
    name,
    ...(type ? { type } : {}),
  });
  expect(res.success, JSON.stringify(res)).toBe(true);
  expect(res.data!.resourceType).toBe('file');
  return settled(alice.server, alice.client, res.data!.resourceId);
}

describe('file formats', () => {
  const cases: Array<
    [string, () => Promise<Buffer | string> | Buffer | string, string | undefined, string[]]
  > = [
    ['notes.txt', () => 'Plain text about volcanoes', 'text/plain', ['volcanoes']],
    ['readme.md', () => '# Heading\n\nMarkdown about *glaciers*', undefined, ['# Heading', 'glaciers']],
    ['page.html', () => ARTICLE, 'text/html', ['Honeybees carry pollen', 'almonds']],
    ['table.csv', () => 'city,river\nParis,Seine\nCairo,Nile\n', 'text/csv', ['| Cairo | Nile |']],
    [
      'data.json',
      () => '{"mountain":"Everest","height":8849}',
      'application/json',
      ['"mountain": "Everest"'],
    ],
    ['main.py', () => 'def greet():\n    return "hello"\n', undefined, ['```python', 'def greet']],
    [
      'paper.pdf',
      () => buildPdf(['Mitochondria are the powerhouse', 'of the cell']),
      'application/pdf',
      ['Mitochondria', 'powerhouse'],
    ],
    [
      'report.docx',
      () => buildDocx('Annual summary', 'Sales doubled in spring'),
      undefined,
      ['# Annual summary', 'Sales doubled'],
    ],
    ['deck.pptx', () => buildPptx(['Launch plan', 'Timeline']), undefined, ['Launch plan', 'Timeline']],
    [
      'sheet.xlsx',
      () =>
        buildXlsx([
          ['fruit', 'price'],
          ['mango', '3'],
        ]),
      undefined,
      ['| mango | 3 |'],
    ],
    [
      'essay.odt',
      () => buildOdt('Thesis', 'Rivers shape valleys'),
      undefined,
      ['# Thesis', 'Rivers shape valleys'],
    ],
    ['book.epub', () => buildEpub(['A storm was coming']), undefined, ['A storm was coming']],
    [
      'letter.rtf',
      () => '{\\rtf1\\ansi Dear friend,\\par the harvest is in.}',
      undefined,
      ['Dear friend', 'harvest'],
    ],
  ];
  for (const [name, make, type, words] of cases) {
    it(`parses ${name}`, async ({ alice }) => {
      const done = await ingestFile(alice, name, await make(), type);
      expect(done.indexStatus, JSON.stringify(done.indexError)).toBe('finish');
      for (const w of words) expect(done.content).toContain(w);
      expect(done.downloadURL).toMatch(/\/v1\/misc\/static\/f-/);
    });
  }

  it('stores an image with its dimensions', async ({ alice }) => {
    const done = await ingestFile(alice, 'photo.png', TINY_PNG, 'image/png');
    expect(done.indexStatus).toBe('finish');
    expect(done.contentPreview).toBe('Image, 3×2 pixels');
    expect(done.title).toBe('photo');
  });

  it('ends damaged files parse_failed with a clear error, and PDFs over the page limit pageLimitExceeded', async ({
    alice,
  }) => {
    const corrupt = await ingestFile(alice, 'broken.docx', Buffer.from('PK\u0003\u0004garbage'));
    expect(corrupt.indexStatus).toBe('parse_failed');
    expect(String(corrupt.indexError?.metadata?.message)).toMatch(/DOCX file could not be read/);
    const truncated = await ingestFile(
      alice,
      'cut.pdf',
      (await buildPdf(['some text'])).subarray(0, 200),
      'application/pdf',
    );
    expect(truncated.indexStatus).toBe('parse_failed');
    const long = await ingestFile(alice, 'long.pdf', await buildPdf(['1', '2', '3', '4']), 'application/pdf');
    expect(long.indexStatus).toBe('parse_failed');
    expect(long.indexError).toEqual({
      type: 'pageLimitExceeded',
      metadata: expect.objectContaining({ pages: 4, limit: 3 }),
    });
    expectData(await alice.get('/v1/knowledge/resource/list'));
  });
});

describe('web links', () => {
  it('fetches a link (following redirects), extracts the article and keeps the page title', async ({
    server,
    alice,
  }) => {
    const r = await createResource(alice.client, {
      title: 'Bees',
      resourceType: 'weblink',
      data: { url: `${web.url}/moved` },
    });
    const done = await settled(server, alice.client, r.resourceId);
    expect(done.indexStatus, JSON.stringify(done.indexError)).toBe('finish');
    expect(done.content).toContain('Honeybees carry pollen');
    expect(done.content).not.toContain('Copyright nobody');
    expect(done.data?.title).toBe('Bees and flowers');
    const batch = expectData(
      await alice.post<Resource[]>('/v1/knowledge/resource/batchCreate', {
        items: [
          { title: 'Text page', resourceType: 'weblink', data: { url: `${web.url}/notes.txt` } },
          { title: 'Missing', resourceType: 'weblink', data: { url: `${web.url}/nothing` } },
          { title: 'Binary', resourceType: 'weblink', data: { url: `${web.url}/binary` } },
        ],
      }),
    );
    const [text, missing, binary] = await Promise.all(
      batch.map((b) => settled(server, alice.client, b.resourceId)),
    );
    expect(text!.content).toBe('plain page about glaciers');
    expect(missing!.indexStatus).toBe('parse_failed');
    expect(String(missing!.indexError?.metadata?.message)).toMatch(/HTTP 404/);
    expect(binary!.indexStatus).toBe('parse_failed');
  });

  it('scrapes a page: title, description, absolute preview image', async ({ alice }) => {
    const data = expectData(await alice.post('/v1/misc/scrape', { url: `${web.url}/article` }));
    expect(data).toEqual({
      url: `${web.url}/article`,
      title: 'Bees and flowers',
      description: 'How pollination works',
      image: `${web.url}/bee.png`,
    });
    expect(
      expectFailure(await alice.post('/v1/misc/scrape', { url: `${web.url}/nothing` }), 'E0003'),
    ).toMatch(/Scraping failed/);
    expectFailure(await alice.post('/v1/misc/scrape', { url: 'javascript:alert(1)' }), 'E0003');
    expectFailure(await alice.post('/v1/misc/scrape', {}), 'E0003');
  });
});

describe('convert', () => {
  async function convert(
    alice: BuiltUser,
    file: { body: BlobPart; name: string; type?: string },
    fields: Record<string, string> = {},
  ) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    fd.append('file', new Blob([file.body], file.type ? { type: file.type } : {}), file.name);
    const res = await alice.client.fetch('/v1/misc/convert', { method: 'POST', body: fd });
    expect(res.status).toBe(200);
    return (await res.json()) as Wrapped<{ content: string }>;
  }

  it('converts HTML, PDF and DOCX to Markdown', async ({ alice }) => {
    expect(
      (
        await convert(alice, {
          body: '<h2>Title</h2><p>Some <b>bold</b> text</p>',
          name: 'a.html',
          type: 'text/html',
        })
      ).data!.content,
    ).toBe('## Title\n\nSome **bold** text');
    expect(
      (await convert(alice, { body: new Uint8Array(await buildPdf(['Converted pdf words'])), name: 'a.pdf' }))
        .data!.content,
    ).toContain('Converted pdf words');
    expect(
      (
        await convert(
          alice,
          { body: new Uint8Array(await buildDocx('Doc head', 'Doc body')), name: 'x.bin' },
          { from: 'docx' },
        )
      ).data!.content,
    ).toContain('# Doc head');
  });

  it('answers E0012 for unsupported types and E0003 for damaged files or bad fields', async ({ alice }) => {
    expect(
      (await convert(alice, { body: TINY_PNG.toString('latin1'), name: 'a.png', type: 'image/png' })).errCode,
    ).toBe('E0012');
    expect((await convert(alice, { body: 'zip', name: 'a.zip', type: 'application/zip' })).errCode).toBe(
      'E0012',
    );
    expect((await convert(alice, { body: 'garbage', name: 'a.pdf', type: 'application/pdf' })).errCode).toBe(
      'E0003',
    );
    expect((await convert(alice, { body: 'x', name: 'a.txt' }, { to: 'html' })).errCode).toBe('E0003');
    expect(
      (await convert(alice, { body: 'a'.repeat(100_001), name: 'a.txt', type: 'text/plain' })).errCode,
    ).toBe('E2004');
  });
});
