/**
 * The library with models, over real HTTP against a fake model service on loopback: chunks get
 * embeddings (pgvector), vector and hybrid search rank the semantically closest item first, the
 * reranker reorders and filters, E0015 without an embedding model, E0013 when the model changes,
 * images described by a vision model, and web links / PDFs through configured external parsers.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { LibrarySearchResult, Resource } from '@atelier/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { libraryChunks } from '../src/db/schema/index.js';
import { librarySources } from '../src/modules/search/search.service.js';
import { buildUser, type BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { startFakeLibraryModels, type FakeLibraryModels } from './helpers/fake-library-models.js';
import { buildPdf } from './helpers/ingest-fixtures.js';
import { expectData, expectFailure, PNG } from './helpers/items.js';
import { addItem, addProvider, userWithModels as userWithFakeModels } from './helpers/library-users.js';
import { createResource, createWithFile, settled } from './helpers/resources.js';
import type { TestServer } from './helpers/server.js';
import { startWebFixture, type WebFixture } from './helpers/web-fixture.js';

let fake: FakeLibraryModels;
let web: WebFixture;

const search = (user: BuiltUser, body: unknown) => user.post<LibrarySearchResult[]>('/v1/search', body);

/** A user whose models live on the fake service: an embedding model, optionally a reranker. */
const userWithModels = (server: TestServer, opts: { reranker?: Record<string, unknown> } = {}) =>
  userWithFakeModels(server, fake.url, opts);

async function fileResource(user: BuiltUser, file: { body: BlobPart; name: string; type: string }) {
  const wrapped = await createWithFile(user.client, file);
  expect(wrapped.success, JSON.stringify(wrapped)).toBe(true);
  return wrapped.data!;
}

async function addText(user: BuiltUser, title: string, content: string): Promise<string> {
  return (await createResource(user.client, { title, resourceType: 'text', content })).resourceId;
}

beforeAll(async () => {
  fake = await startFakeLibraryModels();
  web = await startWebFixture({
    '/article': {
      type: 'text/html',
      body: '<html><head><title>Local title</title></head><body><p>Local parser text.</p></body></html>',
    },
  });
});
afterAll(async () => {
  await fake?.close();
  await web?.close();
});

const it = serverTest({ FETCH_ALLOW_PRIVATE: 'true' });

describe('embeddings and semantic search', () => {
  let alice: Awaited<ReturnType<typeof userWithModels>>;
  let cats: string;
  let trucks: string;
  let bread: string;

  it.beforeAll(async ({ server }) => {
    alice = await userWithModels(server);
    cats = await addText(alice, 'Household notes', 'Our kittens purr on the sofa and chase whiskers.');
    trucks = await addText(alice, 'Garage log', 'The diesel engine of the truck needs a new motor mount.');
    bread = await addText(
      alice,
      'Kitchen log',
      'Knead the dough, let the yeast work, bake the loaf in the oven.',
    );
    await server.server.ctx.queue.drain();
  });

  it('embeds every chunk in batches of the configured size and counts vector storage', async ({ server }) => {
    const res = await settled(server, alice.client, cats);
    expect(res.indexStatus).toBe('finish');
    expect(res.vectorSize).toBe(4 * 16 + 8);
    const embedded = await server.server.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(libraryChunks)
      .where(and(eq(libraryChunks.uid, alice.uid), isNotNull(libraryChunks.embedding)));
    expect(embedded[0]!.n).toBe(3);
    const calls = fake.requests.filter((r) => r.path === '/v1/embeddings');
    expect(calls.every((r) => (r.body!.input as string[]).length <= 2)).toBe(true);
    expect(calls[0]!.body).toMatchObject({ model: 'fake-embed', dimensions: 16 });
  });

  it('vector search ranks the semantically closest item first (no shared words)', async () => {
    const hits = expectData(
      await search(alice, { query: 'feline pet', mode: 'vector', domains: ['resource'] }),
    );
    expect(hits[0]!.id).toBe(cats);
    expect(hits[0]!.snippets![0]!.text).toContain('kittens');
    expect(expectData(await search(alice, { query: 'feline pet', mode: 'keyword' }))).toEqual([]);
    const cars = expectData(
      await search(alice, { query: 'vehicles', mode: 'vector', domains: ['resource'] }),
    );
    expect(cars[0]!.id).toBe(trucks);
  });

  it('hybrid search fuses keyword and vector rankings', async () => {
    const hits = expectData(await search(alice, { query: 'baking recipe', mode: 'hybrid' }));
    expect(hits[0]!.id).toBe(bread);
    expect(hits[0]!.metadata).toMatchObject({
      sourceType: 'library',
      entityType: 'resource',
      entityId: bread,
    });
    // a keyword match counts too: "diesel" is in the truck log only
    const both = expectData(await search(alice, { query: 'diesel', mode: 'hybrid' }));
    expect(both[0]!.id).toBe(trucks);
    expect(hits.length).toBeLessThanOrEqual(5 * 3);
  });

  it('gives skills the same hits as sources (url, title, pageContent, score, metadata)', async ({
    server,
  }) => {
    const sources = await librarySources(server.server.ctx, alice.uid, {
      query: 'feline pet',
      mode: 'hybrid',
    });
    expect(sources[0]).toMatchObject({
      title: 'Household notes',
      metadata: { sourceType: 'library', entityType: 'resource', entityId: cats },
    });
    expect(sources[0]!.pageContent).toContain('kittens');
    expect(typeof sources[0]!.score).toBe('number');
  });

  it('changing the embedding model of a library with vectors answers E0013', async ({ server }) => {
    const other = await userWithModels(server);
    await addText(other, 'A note', 'Stars and planets in orbit');
    await server.server.ctx.queue.drain();
    // changing the model id of the library's embedding item is refused…
    const update = await other.post('/v1/provider/item/update', {
      itemId: other.embeddingItem,
      config: { modelId: 'another-embed', modelName: 'Another', dimensions: 16 },
    });
    expectFailure(update, 'E0013');
    // …and so is searching or indexing with another embedding model
    await addItem(other, {
      providerId: other.providerId,
      name: 'another-embed',
      category: 'embedding',
      config: { modelId: 'another-embed', modelName: 'Another', dimensions: 8 },
    });
    expectData(
      await other.post('/v1/provider/item/update', {
        itemId: other.embeddingItem,
        enabled: false,
      }),
    );
    expectFailure(await search(other, { query: 'galaxy', mode: 'hybrid' }), 'E0013');
    // keyword search never needs the model
    expect(expectData(await search(other, { query: 'planets' }))).toHaveLength(1);
    // a new resource is still indexed for full text, and its failure names the reason
    const id = await addText(other, 'Second note', 'Comets orbit the sun');
    const res = await settled(server, other.client, id);
    expect(res.indexStatus).toBe('index_failed');
    expect(res.indexError?.metadata).toMatchObject({ errCode: 'E0013' });
    expect(expectData(await search(other, { query: 'comets' }))[0]?.id).toBe(id);
  });

  it('user B cannot find user A\u2019s items by vector search', async ({ server }) => {
    const bob = await userWithModels(server);
    const hits = expectData(await search(bob, { query: 'feline pet', mode: 'hybrid' }));
    expect(hits).toEqual([]);
  });
});

describe('without an embedding model', () => {
  it('vector and hybrid search answer E0015; keyword search and indexing work', async ({ server }) => {
    const carol = await buildUser(server);
    const id = await addText(carol, 'Plain note', 'Indexing works without embeddings');
    const res = await settled(server, carol.client, id);
    expect(res.indexStatus).toBe('finish');
    expect(res.vectorSize).toBe(0);
    expectFailure(await search(carol, { query: 'embeddings', mode: 'vector' }), 'E0015');
    expectFailure(await search(carol, { query: 'embeddings', mode: 'hybrid' }), 'E0015');
    expect(expectData(await search(carol, { query: 'embeddings' }))[0]?.id).toBe(id);
  });
});

describe('reranker', () => {
  it('reorders candidates, keeps topN and drops those under the relevance threshold', async ({ server }) => {
    const dave = await userWithModels(server, { reranker: { topN: 2, relevanceThreshold: 0.5 } });
    const a = await addText(dave, 'Storm report', 'Thunder and rain over the hills, clouds all day.');
    const b = await addText(dave, 'Forecast', 'Snow in the forecast, weather turning cold.');
    const c = await addText(dave, 'Cloud atlas', 'Cloud shapes: cumulus, stratus, weather lore.');
    await server.server.ctx.queue.drain();
    // The fake reranker prefers documents mentioning "atlas", then "forecast"; the rest score 0.
    fake.rerankScore = (_q, doc) => (doc.includes('atlas') ? 0.9 : doc.includes('Forecast') ? 0.6 : 0.1);
    const hits = expectData(await search(dave, { query: 'weather', mode: 'hybrid', domains: ['resource'] }));
    expect(hits.map((h) => h.id)).toEqual([c, b]);
    expect(hits[0]!.score).toBeCloseTo(0.9);
    expect(hits.map((h) => h.id)).not.toContain(a);
    const call = fake.requests.filter((r) => r.path === '/v1/rerank').at(-1)!;
    expect(call.body).toMatchObject({ model: 'fake-rerank', query: 'weather', top_n: 2 });
    // a failing reranker does not fail the search
    fake.rerankStatus = 500;
    expect(expectData(await search(dave, { query: 'weather', mode: 'hybrid' })).length).toBeGreaterThan(0);
    fake.rerankStatus = null;
  });
});

describe('images and external parsers', () => {
  it('describes an image with a vision-capable model and keeps its dimensions', async ({ server }) => {
    const erin = await buildUser(server);
    const providerId = await addProvider(erin, {
      providerKey: 'openai-compatible',
      name: 'Vision',
      categories: ['llm'],
      baseUrl: `${fake.url}/v1`,
    });
    await addItem(erin, {
      providerId,
      name: 'fake-vision',
      category: 'llm',
      config: { modelId: 'fake-vision', modelName: 'Fake vision', capabilities: { vision: true } },
    });
    fake.imageDescription = 'A tiny crimson square, the logo of Zanzibar Bakery';
    const created = await fileResource(erin, { body: PNG, name: 'logo.png', type: 'image/png' });
    const res = await settled(server, erin.client, created.resourceId);
    expect(res.indexStatus).toBe('finish');
    expect(res.content).toContain('Zanzibar Bakery');
    expect(res.data).toMatchObject({ width: 1, height: 1 });
    const chat = fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!;
    expect(JSON.stringify(chat.body)).toContain('data:image/png;base64,');
    expect(expectData(await search(erin, { query: 'zanzibar' }))[0]?.id).toBe(created.resourceId);
  });

  it('without a vision model an image is stored with its dimensions only', async ({ server }) => {
    const frank = await buildUser(server);
    const created = await fileResource(frank, { body: PNG, name: 'dot.png', type: 'image/png' });
    const res = await settled(server, frank.client, created.resourceId);
    expect(res.indexStatus).toBe('finish');
    expect(res.contentPreview).toBe('Image, 1×1 pixels');
  });

  it('parses web links with the URL-parsing provider the preferences pick, else locally', async ({
    server,
  }) => {
    const gina = await buildUser(server);
    const local = await createResource(gina.client, {
      title: 'Local',
      resourceType: 'weblink',
      data: { url: `${web.url}/article` },
    });
    expect((await settled(server, gina.client, local.resourceId)).content).toContain('Local parser text');
    const providerId = await addProvider(gina, {
      providerKey: 'jina',
      name: 'Reader',
      categories: ['urlParsing'],
      baseUrl: `${fake.url}/reader`,
      apiKey: 'jina-test-key',
    });
    expectData(
      await gina.client.json('PUT', '/v1/user/settings', { preferences: { urlParsing: { providerId } } }),
    );
    const remote = await createResource(gina.client, {
      title: 'Remote',
      resourceType: 'weblink',
      data: { url: `${web.url}/article` },
    });
    const res: Resource = await settled(server, gina.client, remote.resourceId);
    expect(res.indexStatus).toBe('finish');
    expect(res.content).toContain(`The reader fetched ${web.url}/article remotely`);
    expect(res.data?.title).toBe(`Reader view of ${web.url}/article`);
  });

  it('parses PDFs with the PDF-parsing provider the preferences pick, counting pages', async ({ server }) => {
    const hank = await buildUser(server);
    const providerId = await addProvider(hank, {
      providerKey: 'llamaparse',
      name: 'Parser',
      categories: ['pdfParsing'],
      baseUrl: `${fake.url}/parse`,
      apiKey: 'llama-test-key',
    });
    expectData(
      await hank.client.json('PUT', '/v1/user/settings', { preferences: { pdfParsing: { providerId } } }),
    );
    fake.pdfMarkdown = '# Remote\n\nQuokka statistics parsed remotely.';
    const pdf = await buildPdf(['Local page one', 'Local page two']);
    const created = await fileResource(hank, {
      body: new Uint8Array(pdf),
      name: 'report.pdf',
      type: 'application/pdf',
    });
    const res = await settled(server, hank.client, created.resourceId);
    expect(res.indexStatus).toBe('finish');
    expect(res.content).toContain('Quokka statistics');
    expect(fake.requests.some((r) => r.path === '/parse/parsing/upload')).toBe(true);
    const usage = await server.server.ctx.db.execute(
      sql`SELECT pages FROM parse_usage WHERE uid = ${hank.uid}`,
    );
    expect((usage as unknown as { rows: Array<{ pages: number }> }).rows[0]?.pages).toBe(2);
  });
});
