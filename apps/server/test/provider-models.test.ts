/**
 * Provider items (models) over real HTTP — per-category configs, batches, order and groups, user B
 * never reaching user A's items — then default models per scene in user settings, `resolveModel`,
 * and the AI SDK streaming a reply and embedding texts from a fake OpenAI-compatible server.
 */
import { embedMany, streamText } from 'ai';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { embeddingModelFor, languageModelFor } from '../src/modules/provider/provider.models.js';
import {
  resolveLibraryModels,
  resolveModel,
  resolveToolProvider,
} from '../src/modules/provider/provider.resolve.js';
import { buildUser, type BuiltUser } from './helpers/factories.js';
import { fakeEmbedding, startFakeModelServer, type FakeModelServer } from './helpers/fake-model-server.js';
import { serverTest } from './helpers/fixtures.js';
import type { Wrapped } from './helpers/http.js';

interface Item {
  itemId: string;
  providerId: string;
  name: string;
  category: string;
  enabled: boolean;
  tier?: string | null;
  config: Record<string, unknown>;
  order: number;
  group: string;
  provider?: { providerId: string; isGlobal: boolean };
}

const USER_KEY = 'sk-models-user-key-7777';
let fake: FakeModelServer;
let providerId: string;
const seen: string[] = [];

/** `user.post`/`user.get` to `/v1${path}` (PUT through the client), keeping the answer for the key scan. */
async function call<T>(user: BuiltUser, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
  const res =
    method === 'GET'
      ? await user.get<T>(`/v1${path}`)
      : method === 'POST'
        ? await user.post<T>(`/v1${path}`, body)
        : await user.client.json<Wrapped<T>>(method, `/v1${path}`, body);
  const text = JSON.stringify(res.body);
  seen.push(text);
  expect(res.status, text).toBeLessThan(500);
  return res.body;
}
const post = <T = Item>(c: BuiltUser, path: string, body: unknown) => call<T>(c, 'POST', path, body);
const items = (c: BuiltUser, qs = '') => call<Item[]>(c, 'GET', `/provider/item/list${qs}`);
const settings = (c: BuiltUser, preferences: unknown) =>
  call<{ preferences: Record<string, unknown> }>(c, 'PUT', '/user/settings', { preferences });

const llm = (modelId: string, extra: Record<string, unknown> = {}) => ({
  providerId,
  name: modelId,
  category: 'llm',
  config: { modelId, modelName: modelId, ...extra },
});

async function createItem(c: BuiltUser, body: Record<string, unknown>): Promise<Item> {
  const res = await post(c, '/provider/item/create', body);
  expect(res, JSON.stringify(res)).toMatchObject({ success: true });
  return res.data!;
}

beforeAll(async () => {
  fake = await startFakeModelServer({ apiKey: USER_KEY });
});
afterAll(async () => {
  await fake?.close();
});

// the env is read when the server starts, after beforeAll has started the fake server
const it = serverTest(() => ({ OLLAMA_BASE_URL: fake.url, OLLAMA_DETECT: 'false' }), {
  // alice's provider on the fake server, holding the items of every test
  setup: async ({ alice }) => {
    const res = await post<{ providerId: string }>(alice, '/provider/create', {
      providerKey: 'openai-compatible',
      name: 'Fake',
      categories: ['llm', 'embedding', 'reranker'],
      baseUrl: `${fake.url}/v1`,
      apiKey: USER_KEY,
    });
    providerId = res.data!.providerId;
  },
});

describe('provider items', () => {
  it('are created with each category checked, default group, and orders that follow', async ({
    alice: a,
  }) => {
    const chat = await createItem(a, {
      ...llm('fake-chat', {
        contextLimit: 128000,
        maxOutput: 4096,
        capabilities: { functionCall: true, vision: false },
      }),
      tier: 't2',
    });
    expect(chat).toEqual({
      itemId: expect.stringMatching(/^pi-/),
      providerId,
      name: 'fake-chat',
      category: 'llm',
      enabled: true,
      tier: 't2',
      config: {
        modelId: 'fake-chat',
        modelName: 'fake-chat',
        contextLimit: 128000,
        maxOutput: 4096,
        capabilities: { functionCall: true, vision: false },
      },
      order: 0,
      group: 'default',
      provider: expect.objectContaining({ providerId, isGlobal: false }),
    });
    const second = await createItem(a, { ...llm('fake-chat-large'), group: 'Large' });
    expect(second).toMatchObject({ order: 1, group: 'Large', tier: null });
    const embed = await createItem(a, {
      providerId,
      name: 'Embed',
      category: 'embedding',
      config: { modelId: 'text-embedding-fake', modelName: 'Embed', dimensions: 4, batchSize: 2 },
    });
    expect(embed.order).toBe(0);
    const rerank = await createItem(a, {
      providerId,
      name: 'Rerank',
      category: 'reranker',
      config: { modelId: 'bge-reranker-fake', modelName: 'Rerank', topN: 5, relevanceThreshold: 0.3 },
    });
    expect(rerank.config).toMatchObject({ topN: 5, relevanceThreshold: 0.3 });
  });

  it('refuse configs that do not fit their category, and categories the provider lacks (E0003)', async ({
    alice: a,
  }) => {
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [llm('x', { dimensions: 3 }), /config/],
      [llm('x', { contextLimit: -1 }), /config/],
      [{ ...llm('x'), config: { modelName: 'no id' } }, /config/],
      [
        {
          providerId,
          name: 'e',
          category: 'embedding',
          config: { modelId: 'e', modelName: 'e', batchSize: 0 },
        },
        /config/,
      ],
      [
        {
          providerId,
          name: 'e',
          category: 'embedding',
          config: { modelId: 'e', modelName: 'e', contextLimit: 5 },
        },
        /config/,
      ],
      [
        {
          providerId,
          name: 'r',
          category: 'reranker',
          config: { modelId: 'r', modelName: 'r', relevanceThreshold: 1.5 },
        },
        /config/,
      ],
      [
        { providerId, name: 's', category: 'webSearch', config: {} },
        /category: "Fake" does not offer webSearch/,
      ],
      [{ ...llm('x'), tier: 't9' }, /tier/],
    ];
    for (const [body, message] of bad) {
      const res = await post(a, '/provider/item/create', body);
      expect(res, JSON.stringify(body)).toMatchObject({ success: false, errCode: 'E0003' });
      expect(res.errMsg).toMatch(message);
    }
  });

  it('are updated with the config checked against the stored category', async ({ alice: a }) => {
    const item = await createItem(a, {
      providerId,
      name: 'Emb2',
      category: 'embedding',
      config: { modelId: 'e2', modelName: 'e2' },
    });
    const wrong = await post(a, '/provider/item/update', {
      itemId: item.itemId,
      config: { modelId: 'e2', modelName: 'e2', contextLimit: 8 },
    });
    expect(wrong).toMatchObject({ success: false, errCode: 'E0003' });
    expect(wrong.errMsg).toMatch(/^config/);
    const ok = await post(a, '/provider/item/update', {
      itemId: item.itemId,
      config: { modelId: 'e2', modelName: 'E two', dimensions: 8 },
      enabled: false,
      tier: 'free',
      name: 'Emb two',
    });
    expect(ok.data).toMatchObject({
      name: 'Emb two',
      enabled: false,
      tier: 'free',
      config: { dimensions: 8 },
    });
    expect(
      (await post(a, '/provider/item/update', { itemId: item.itemId, tier: null })).data!.tier,
    ).toBeNull();
    expect((await items(a, '?category=embedding&enabled=false')).data!.map((i) => i.itemId)).toEqual([
      item.itemId,
    ]);
    expect(await post(a, '/provider/item/delete', { itemId: item.itemId })).toMatchObject({
      success: true,
    });
    expect((await post(a, '/provider/item/delete', { itemId: item.itemId })).errCode).toBe('E1016');
  });

  it('are created and updated in batches, all or nothing', async ({ alice: a }) => {
    const before = (await items(a)).data!.length;
    const refused = await post(a, '/provider/item/batchCreate', {
      items: [llm('batch-1'), llm('batch-2', { maxOutput: 'lots' })],
    });
    expect(refused).toMatchObject({ success: false, errCode: 'E0003' });
    expect(refused.errMsg).toMatch(/^items\.1\.config/);
    expect((await items(a)).data!.length).toBe(before);

    const created = await post<Item[]>(a, '/provider/item/batchCreate', {
      items: [llm('batch-1'), llm('batch-2')],
    });
    expect(created.data!.map((i) => i.order)).toEqual([2, 3]);
    const [one, two] = created.data!;

    const swapped = await post<Item[]>(a, '/provider/item/batchUpdate', {
      items: [
        { itemId: one!.itemId, order: 3 },
        {
          itemId: two!.itemId,
          order: 2,
          config: { modelId: 'batch-2', modelName: 'Batch two', contextLimit: 1000 },
        },
      ],
    });
    expect(swapped.data!.map((i) => [i.itemId, i.order])).toEqual([
      [one!.itemId, 3],
      [two!.itemId, 2],
    ]);
    const llms = (await items(a, '?category=llm')).data!.map((i) => i.name);
    expect(llms.slice(-2)).toEqual(['batch-2', 'batch-1']);

    const partial = await post(a, '/provider/item/batchUpdate', {
      items: [
        { itemId: one!.itemId, name: 'renamed' },
        { itemId: 'pi-missing', name: 'x' },
      ],
    });
    expect(partial.errCode).toBe('E1016');
    expect((await items(a)).data!.find((i) => i.itemId === one!.itemId)?.name).toBe('batch-1');
    const badConfig = await post(a, '/provider/item/batchUpdate', {
      items: [
        { itemId: one!.itemId, name: 'renamed' },
        { itemId: two!.itemId, config: { modelId: 'x', modelName: 'x', topN: 3 } },
      ],
    });
    expect(badConfig).toMatchObject({ errCode: 'E0003' });
    expect(badConfig.errMsg).toMatch(/^items\.1\.config/);
    expect((await items(a)).data!.find((i) => i.itemId === one!.itemId)?.name).toBe('batch-1');
  });

  it('may belong to a global provider', async ({ bob: b }) => {
    const item = await createItem(b, {
      providerId: 'pr-global-ollama',
      name: 'Llama',
      category: 'llm',
      config: { modelId: 'llama-fake:1b', modelName: 'Llama' },
    });
    expect(item.provider).toMatchObject({ providerId: 'pr-global-ollama', isGlobal: true });
    expect((await items(b, '?isGlobal=true')).data!.map((i) => i.itemId)).toEqual([item.itemId]);
    expect((await items(b, '?isGlobal=false')).data).toEqual([]);
  });

  it("are out of user B's reach (E1015 / E1016)", async ({ alice: a, bob: b }) => {
    const mine = (await items(a)).data!;
    const target = mine[0]!;
    expect((await items(b)).data!.some((i) => mine.some((m) => m.itemId === i.itemId))).toBe(false);
    expect((await items(b, `?providerId=${providerId}`)).data).toEqual([]);
    expect((await post(b, '/provider/item/update', { itemId: target.itemId, name: 'B' })).errCode).toBe(
      'E1016',
    );
    expect(
      (await post(b, '/provider/item/batchUpdate', { items: [{ itemId: target.itemId, order: 9 }] })).errCode,
    ).toBe('E1016');
    expect((await post(b, '/provider/item/delete', { itemId: target.itemId })).errCode).toBe('E1016');
    expect((await post(b, '/provider/item/batchCreate', { items: [llm('stolen')] })).errCode).toBe('E1015');
    expect((await items(a)).data!.find((i) => i.itemId === target.itemId)?.name).toBe(target.name);
  });
});

describe('default models', () => {
  it('are stored in settings per scene when the user may use them', async ({ server, alice: a }) => {
    const list = (await items(a, '?category=llm')).data!;
    const chat = list.find((i) => i.name === 'fake-chat')!;
    const large = list.find((i) => i.name === 'fake-chat-large')!;
    const res = await settings(a, {
      defaultModel: { chat: chat.itemId, queryAnalysis: large.itemId },
    });
    expect(res.data!.preferences.defaultModel).toEqual({ chat: chat.itemId, queryAnalysis: large.itemId });

    const ctx = server.server.ctx;
    expect((await resolveModel(ctx, a.uid, 'chat'))!.item.itemId).toBe(chat.itemId);
    expect((await resolveModel(ctx, a.uid, 'queryAnalysis'))!.item.itemId).toBe(large.itemId);
    // no titleGeneration default: the chat default
    const title = (await resolveModel(ctx, a.uid, 'titleGeneration'))!;
    expect(title).toMatchObject({
      item: { itemId: chat.itemId, category: 'llm' },
      provider: { providerId, providerKey: 'openai-compatible', baseUrl: `${fake.url}/v1`, isGlobal: false },
      apiKey: USER_KEY,
      config: { modelId: 'fake-chat' },
    });
    expect((await resolveModel(ctx, a.uid, 'embedding'))!.config).toMatchObject({
      modelId: 'text-embedding-fake',
    });
    expect((await resolveModel(ctx, a.uid, chat.itemId))!.item.itemId).toBe(chat.itemId);
    // semantic search's one listing picks what resolveModel picks per scene
    const library = await resolveLibraryModels(ctx, a.uid);
    const reranker = await resolveModel(ctx, a.uid, 'reranker');
    expect(reranker).not.toBeNull();
    expect(library.embedding).toEqual(await resolveModel(ctx, a.uid, 'embedding'));
    expect(library.reranker).toEqual(reranker);
  });

  it('refuse items of another category, another user, or none at all', async ({
    server,
    alice: a,
    bob: b,
  }) => {
    const embed = (await items(a, '?category=embedding')).data![0]!;
    const bItem = (await items(b)).data![0]!;
    let res = await settings(a, { defaultModel: { titleGeneration: embed.itemId } });
    expect(res).toMatchObject({ success: false, errCode: 'E0003' });
    expect(res.errMsg).toMatch(/defaultModel\.titleGeneration: must be a chat model/);
    res = await settings(a, { defaultModel: { chat: bItem.itemId } });
    expect(res).toMatchObject({ success: false, errCode: 'E1016' });
    res = await settings(a, { defaultModel: { chat: 'pi-unknown' } });
    expect(res.errCode).toBe('E1016');
    res = await settings(a, { webSearch: { providerId } });
    expect(res).toMatchObject({ success: false, errCode: 'E0003' });
    res = await settings(a, { urlParsing: { providerId: 'pr-elsewhere' } });
    expect(res.errCode).toBe('E1015');
    // '' clears a scene
    res = await settings(a, { defaultModel: { queryAnalysis: '' } });
    expect(res.success).toBe(true);
    expect((await resolveModel(server.server.ctx, a.uid, 'queryAnalysis'))!.item.name).toBe('fake-chat');
    await expect(resolveModel(server.server.ctx, a.uid, bItem.itemId)).rejects.toMatchObject({
      code: 'E1016',
    });
  });

  it('fall back when the default goes away, and are forgotten with it', async ({ server, alice: a }) => {
    const ctx = server.server.ctx;
    const chat = (await resolveModel(ctx, a.uid, 'chat'))!;
    await post(a, '/provider/item/update', { itemId: chat.item.itemId, enabled: false });
    const fallback = (await resolveModel(ctx, a.uid, 'chat'))!;
    expect(fallback.item.itemId).not.toBe(chat.item.itemId);
    await expect(resolveModel(ctx, a.uid, chat.item.itemId)).rejects.toMatchObject({ code: 'E2003' });
    await post(a, '/provider/item/delete', { itemId: chat.item.itemId });
    const after = await call<{ preferences: { defaultModel?: Record<string, string> } }>(
      a,
      'GET',
      '/user/settings',
    );
    expect(after.data!.preferences.defaultModel?.chat).toBeUndefined();
    // a user without models: nothing to resolve
    const fresh = await buildUser(server);
    expect(await resolveModel(ctx, fresh.uid, 'chat')).toBeNull();
    expect(await resolveModel(ctx, fresh.uid, 'embedding')).toBeNull();
    expect(await resolveToolProvider(ctx, fresh.uid, 'webSearch')).toBeNull();
  });
});

describe('the AI SDK', () => {
  it('streams a chat reply through streamText', async ({ server, alice: a }) => {
    const resolved = (await resolveModel(server.server.ctx, a.uid, 'chat'))!;
    const result = streamText({ model: languageModelFor(resolved), prompt: 'Say hello' });
    const parts: string[] = [];
    for await (const delta of result.textStream) parts.push(delta);
    expect(parts.join('')).toBe('Hello from the fake model');
    expect(parts.length).toBeGreaterThan(1);
    expect((await result.usage).outputTokens).toBe(5);
    const sent = fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${USER_KEY}`);
    expect(sent.body).toMatchObject({ model: resolved.config.modelId, stream: true });
  });

  it('streams from a global Ollama through its OpenAI-compatible API', async ({ server, bob: b }) => {
    fake.apiKey = null;
    try {
      const resolved = (await resolveModel(server.server.ctx, b.uid, 'chat'))!;
      expect(resolved.provider).toMatchObject({ providerId: 'pr-global-ollama', baseUrl: fake.url });
      const result = streamText({ model: languageModelFor(resolved), prompt: 'Hi' });
      expect(await result.text).toBe('Hello from the fake model');
      expect(fake.requests.at(-1)).toMatchObject({
        path: '/v1/chat/completions',
        body: { model: 'llama-fake:1b' },
      });
    } finally {
      fake.apiKey = USER_KEY;
    }
  });

  it('streams through the OpenAI and Anthropic SDKs too', async ({ server, alice: a }) => {
    for (const [providerKey, modelId] of [
      ['openai', 'fake-chat'],
      ['anthropic', 'claude-fake-1'],
    ] as const) {
      const provider = await post<{ providerId: string }>(a, '/provider/create', {
        providerKey,
        name: providerKey,
        categories: ['llm'],
        baseUrl: `${fake.url}/v1`,
        apiKey: USER_KEY,
      });
      const item = await createItem(a, {
        providerId: provider.data!.providerId,
        name: modelId,
        category: 'llm',
        config: { modelId, modelName: modelId },
      });
      const resolved = (await resolveModel(server.server.ctx, a.uid, item.itemId))!;
      const result = streamText({ model: languageModelFor(resolved), prompt: 'Hi' });
      expect(await result.text, providerKey).toBe('Hello from the fake model');
      const sent = fake.requests.at(-1)!;
      if (providerKey === 'openai') {
        expect(sent).toMatchObject({ path: '/v1/chat/completions', body: { model: modelId, stream: true } });
      } else {
        expect(sent).toMatchObject({ path: '/v1/messages', body: { model: modelId, stream: true } });
        expect(sent.headers['x-api-key']).toBe(USER_KEY);
      }
    }
  });

  it('embeds in batches of batchSize through embedMany', async ({ server, alice: a }) => {
    const resolved = (await resolveModel(server.server.ctx, a.uid, 'embedding'))!;
    const before = fake.requests.filter((r) => r.path === '/v1/embeddings').length;
    const values = ['alpha', 'beta', 'gamma'];
    const { embeddings } = await embedMany({ model: embeddingModelFor(resolved), values });
    expect(embeddings).toEqual(values.map((v) => fakeEmbedding(v)));
    const calls = fake.requests.filter((r) => r.path === '/v1/embeddings').slice(before);
    expect(calls.map((c) => (c.body?.input as string[]).length)).toEqual([2, 1]);
    expect(() => languageModelFor(resolved)).toThrow(/cannot be used as a chat model/);
    expect(() => embeddingModelFor({ ...resolved, item: { ...resolved.item, category: 'llm' } })).toThrow(
      /an embedding model/,
    );
  });
});

describe('secrets', () => {
  it('no answer of this file carried the API key', () => {
    for (const text of seen) expect(text).not.toContain(USER_KEY);
  });
});
