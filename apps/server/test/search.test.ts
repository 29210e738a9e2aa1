/** Library search over real HTTP: English and Chinese keywords, domains, limits, privacy, bad input. */
import { describe, expect } from 'vitest';
import type { LibrarySearchResult } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { documents } from '../src/db/schema/index.js';
import { type BuiltUser } from './helpers/factories.js';
import { createCanvas, createDocument, expectData, expectFailure } from './helpers/items.js';
import { createResource } from './helpers/resources.js';
import { serverTest } from './helpers/fixtures.js';

let tea: string;
let zh: string;
let docId: string;
let canvasId: string;

const search = (user: BuiltUser, body: unknown) => user.post<LibrarySearchResult[]>('/v1/search', body);

const it = serverTest(
  {},
  {
    setup: async ({ server, alice }) => {
      tea = (
        await createResource(alice.client, {
          title: 'Tea handbook',
          resourceType: 'text',
          content: `# Green tea\n\nSencha is steamed.\n\n# Oolong\n\n${'Filler paragraph. '.repeat(100)}\n\nOolong is partially oxidised and rolled.`,
        })
      ).resourceId;
      zh = (
        await createResource(alice.client, {
          title: '知识库简介',
          resourceType: 'text',
          content: '人工智能正在改变知识管理的方式。画布让创作者整理想法。',
        })
      ).resourceId;
      for (let i = 0; i < 7; i++) {
        await createResource(alice.client, {
          title: `Comet note ${i}`,
          resourceType: 'text',
          content: `comet number ${i}`,
        });
      }
      docId = await createDocument(alice, 'Volcano field guide');
      // the document's Markdown snapshot, as the collab store derives it
      await server.server.ctx.db
        .update(documents)
        .set({ content: 'Basalt lava flows from shield volcanoes.', updatedAt: new Date() })
        .where(eq(documents.docId, docId));
      canvasId = await createCanvas(alice, 'Volcano brainstorm');
      await server.server.ctx.queue.drain();
    },
  },
);

describe('library search', () => {
  it('finds English words in resource chunks with the best chunk as snippet', async ({ alice }) => {
    const hits = expectData(await search(alice, { query: 'oxidised oolong' }));
    expect(hits[0]!.id).toBe(tea);
    expect(hits[0]!.domain).toBe('resource');
    expect(hits[0]!.snippets![0]!.text).toContain('partially oxidised');
    expect(hits[0]!.metadata).toEqual({ sourceType: 'library', entityType: 'resource', entityId: tea });
    expect(hits[0]!.score).toBeGreaterThan(0);
  });

  it('finds Chinese text by words inside a sentence and in titles', async ({ alice }) => {
    expect(expectData(await search(alice, { query: '知识管理' }))[0]?.id).toBe(zh);
    expect(expectData(await search(alice, { query: '画布' }))[0]?.id).toBe(zh);
    const byTitle = expectData(await search(alice, { query: '知识库' }))[0]!;
    expect(byTitle.id).toBe(zh);
    expect(byTitle.highlightedTitle).toBe('<mark>知识库</mark>简介');
    expect(expectData(await search(alice, { query: '知' })).map((h) => h.id)).toContain(zh);
    expect(expectData(await search(alice, { query: '咖啡' }))).toEqual([]);
  });

  it('searches documents (Markdown content) and canvases (title), by domain', async ({ server, alice }) => {
    const all = expectData(await search(alice, { query: 'volcano' }));
    expect(all.map((h) => `${h.domain}:${h.id}`).sort()).toEqual(
      [`canvas:${canvasId}`, `document:${docId}`].sort(),
    );
    const docs = expectData(await search(alice, { query: 'basalt', domains: ['document'] }));
    expect(docs.map((h) => h.id)).toEqual([docId]);
    expect(expectData(await search(alice, { query: 'basalt', domains: ['canvas'] }))).toEqual([]);
    // edits are picked up on the next search
    await server.server.ctx.db
      .update(documents)
      .set({ content: 'Now about obsidian glass.', updatedAt: new Date() })
      .where(eq(documents.docId, docId));
    expect(expectData(await search(alice, { query: 'basalt' }))).toEqual([]);
    expect(expectData(await search(alice, { query: 'obsidian' })).map((h) => h.id)).toEqual([docId]);
  });

  it('limits per domain: 5 by default', async ({ alice }) => {
    expect(expectData(await search(alice, { query: 'comet' }))).toHaveLength(5);
    expect(expectData(await search(alice, { query: 'comet', limit: 7 }))).toHaveLength(7);
  });

  it("never shows user B user A's library", async ({ bob }) => {
    for (const query of ['oolong', '知识', 'volcano', 'comet']) {
      expect(expectData(await search(bob, { query }))).toEqual([]);
    }
  });

  it('drops deleted resources from results', async ({ server, alice }) => {
    const r = await createResource(alice.client, {
      title: 'Ephemeral',
      resourceType: 'text',
      content: 'zeppelin',
    });
    await server.server.ctx.queue.drain();
    expect(expectData(await search(alice, { query: 'zeppelin' }))).toHaveLength(1);
    expectData(await alice.post('/v1/knowledge/resource/delete', { resourceId: r.resourceId }));
    expect(expectData(await search(alice, { query: 'zeppelin' }))).toEqual([]);
  });

  it('answers E0015 for vector search without an embedding model, E1015 for web search with no provider, E0003 for bad input', async ({
    alice,
  }) => {
    expectFailure(await search(alice, { query: 'tea', mode: 'vector' }), 'E0015');
    expectFailure(await search(alice, { query: 'tea', mode: 'hybrid' }), 'E0015');
    expect(expectFailure(await search(alice, { source: 'web', q: 'tea' }), 'E1015')).toMatch(
      /web search is not configured/i,
    );
    expectFailure(await search(alice, { query: '' }), 'E0003');
    expectFailure(await search(alice, { query: 'x', limit: 0 }), 'E0003');
    expectFailure(await search(alice, { query: 'x', domains: ['page'] }), 'E0003');
    expectFailure(await search(alice, { query: 'x', mode: 'fuzzy' }), 'E0003');
    expectFailure(await search(alice, { query: 'a'.repeat(100_001) }), 'E2004');
    expect(expectData(await search(alice, { query: '!!! ??' }))).toEqual([]);
    expect(expectData(await search(alice, { query: "it's & | ! (x" }))).toBeInstanceOf(Array);
  });
});
