/**
 * Providers over real HTTP: create/update/delete/list with the API key sealed at rest and never
 * answered, global providers from the environment (listed to all, read-only), the model list of a
 * provider as its connection test (E3001 / E3003), and user B never reaching user A's providers.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { providers } from '../src/db/schema/index.js';
import { decryptSecret } from '../src/lib/crypto.js';
import type { BuiltUser } from './helpers/factories.js';
import { startFakeModelServer, type FakeModelServer } from './helpers/fake-model-server.js';
import { serverTest } from './helpers/fixtures.js';

interface Provider {
  providerId: string;
  providerKey: string;
  name: string;
  categories: string[];
  baseUrl?: string | null;
  enabled: boolean;
  isGlobal: boolean;
}
interface Option {
  name: string;
  category: string;
  config: Record<string, unknown>;
}

const USER_KEY = 'sk-user-a-0123456789-secret';
const GLOBAL_KEY = 'sk-global-9876543210-secret';
const ANTHROPIC_KEY = 'sk-ant-global-secret-42';

let fake: FakeModelServer;
/** Every response body of the file, scanned for keys at the end. */
const seen: string[] = [];

/** `user.post`/`user.get` to `/v1${path}`, keeping the answer for the key scan; answers the wrapper. */
async function call<T>(user: BuiltUser, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = method === 'GET' ? await user.get<T>(`/v1${path}`) : await user.post<T>(`/v1${path}`, body);
  const text = JSON.stringify(res.body);
  seen.push(text);
  expect(res.status, text).toBeLessThan(500);
  return res.body;
}
const post = <T = Provider>(c: BuiltUser, path: string, body: unknown) => call<T>(c, 'POST', path, body);
const get = <T>(c: BuiltUser, path: string) => call<T>(c, 'GET', path);
const list = (c: BuiltUser, qs = '') => get<Provider[]>(c, `/provider/list${qs}`);
const options = (c: BuiltUser, providerId: string, category?: string) =>
  get<Option[]>(
    c,
    `/provider/item/option/list?providerId=${providerId}${category ? `&category=${category}` : ''}`,
  );

async function createProvider(c: BuiltUser, body: Record<string, unknown>): Promise<Provider> {
  const res = await post(c, '/provider/create', body);
  expect(res, JSON.stringify(res)).toMatchObject({ success: true });
  return res.data!;
}

beforeAll(async () => {
  fake = await startFakeModelServer({ apiKey: USER_KEY });
});
afterAll(async () => {
  await fake?.close();
});

// read when the server starts, after beforeAll has started the fake provider
const it = serverTest(() => ({
  OPENAI_API_KEY: GLOBAL_KEY,
  OPENAI_BASE_URL: `${fake.url}/v1`,
  ANTHROPIC_API_KEY: ANTHROPIC_KEY,
  ANTHROPIC_BASE_URL: `${fake.url}/v1`,
  SEARXNG_URL: 'http://searx.example.test',
  OLLAMA_DETECT: 'false',
  PROVIDER_REQUEST_TIMEOUT: '1s',
}));

describe('global providers from the environment', () => {
  it('are listed to every user, read-only, without keys', async ({ alice: a, bob: b }) => {
    for (const u of [a, b]) {
      const res = await list(u);
      expect(res.data).toEqual([
        {
          providerId: 'pr-global-openai',
          providerKey: 'openai-compatible',
          name: 'OpenAI-compatible',
          categories: ['llm', 'embedding'],
          baseUrl: `${fake.url}/v1`,
          enabled: true,
          isGlobal: true,
        },
        expect.objectContaining({
          providerId: 'pr-global-anthropic',
          providerKey: 'anthropic',
          isGlobal: true,
        }),
        expect.objectContaining({
          providerId: 'pr-global-searxng',
          providerKey: 'searxng',
          categories: ['webSearch'],
        }),
      ]);
    }
    expect((await list(a, '?isGlobal=false')).data).toEqual([]);
    expect((await list(a, '?category=webSearch')).data!.map((p) => p.providerId)).toEqual([
      'pr-global-searxng',
    ]);
  });

  it('cannot be changed or deleted by a user (E0003 saying why)', async ({ alice: a }) => {
    const upd = await post(a, '/provider/update', {
      providerId: 'pr-global-openai',
      name: 'Mine now',
    });
    expect(upd).toMatchObject({ success: false, errCode: 'E0003' });
    expect(upd.errMsg).toMatch(/global providers .* read-only/i);
    const del = await post(a, '/provider/delete', { providerId: 'pr-global-openai' });
    expect(del).toMatchObject({ success: false, errCode: 'E0003' });
    expect((await list(a)).data).toHaveLength(3);
  });

  it('list their models with the key from the environment (Anthropic too)', async ({ alice: a, bob: b }) => {
    fake.apiKey = GLOBAL_KEY;
    try {
      const res = await options(a, 'pr-global-openai');
      expect(res.success).toBe(true);
      expect(res.data!.map((o) => `${o.category}:${String(o.config.modelId)}`).sort()).toEqual([
        'embedding:text-embedding-fake',
        'llm:fake-chat',
        'llm:fake-chat-large',
        'llm:fake-router/model',
      ]);
      expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${GLOBAL_KEY}`);
    } finally {
      fake.apiKey = USER_KEY;
    }
    fake.apiKey = ANTHROPIC_KEY;
    try {
      const res = await options(b, 'pr-global-anthropic');
      expect(res.data).toEqual([
        {
          name: 'Claude Fake',
          category: 'llm',
          config: { modelId: 'claude-fake-1', modelName: 'Claude Fake' },
        },
      ]);
      expect(fake.requests.at(-1)?.headers['anthropic-version']).toBe('2023-06-01');
    } finally {
      fake.apiKey = USER_KEY;
    }
    const searx = await options(a, 'pr-global-searxng');
    expect(searx.data).toEqual([
      { name: 'SearXNG', category: 'webSearch', config: { modelId: 'searxng', modelName: 'SearXNG' } },
    ]);
  });
});

describe('own providers', () => {
  it('are created with the key sealed at rest and never answered', async ({ server, alice: a, bob: b }) => {
    const p = await createProvider(a, {
      providerKey: 'openai-compatible',
      name: ' Local vLLM ',
      categories: ['llm', 'embedding', 'reranker', 'llm'],
      baseUrl: `${fake.url}/v1`,
      apiKey: USER_KEY,
    });
    expect(p).toEqual({
      providerId: expect.stringMatching(/^pr-[a-z2-7]{20}$/),
      providerKey: 'openai-compatible',
      name: 'Local vLLM',
      categories: ['llm', 'embedding', 'reranker'],
      baseUrl: `${fake.url}/v1`,
      enabled: true,
      isGlobal: false,
    });
    const [row] = await server.server.ctx.db
      .select()
      .from(providers)
      .where(eq(providers.providerId, p.providerId));
    expect(row!.apiKeyEncrypted).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(USER_KEY);
    expect(decryptSecret(row!.apiKeyEncrypted!, server.server.ctx.secrets.encryption, p.providerId)).toBe(
      USER_KEY,
    );
    // a sealed key copied to another row does not open there
    expect(() =>
      decryptSecret(row!.apiKeyEncrypted!, server.server.ctx.secrets.encryption, 'pr-other'),
    ).toThrow();

    const mine = (await list(a, '?isGlobal=false')).data!;
    expect(mine).toEqual([p]);
    expect((await list(b, '?isGlobal=false')).data).toEqual([]);
  });

  it('refuses unknown types, categories a type lacks, missing endpoints and keys (E0003)', async ({
    alice: a,
  }) => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ providerKey: 'skynet', name: 'x', categories: ['llm'] }, /providerKey: unknown provider type/],
      [
        { providerKey: 'anthropic', name: 'x', categories: ['embedding'], apiKey: 'k' },
        /categories: Anthropic offers llm/,
      ],
      [{ providerKey: 'openai-compatible', name: 'x', categories: ['llm'] }, /baseUrl: required/],
      [{ providerKey: 'openai', name: 'x', categories: ['llm'] }, /apiKey: required for OpenAI/],
      [{ providerKey: 'openai', name: 'x', categories: ['llm'], apiKey: '   ' }, /apiKey: required/],
      [{ providerKey: 'searxng', name: 'x', categories: ['webSearch'], baseUrl: 'ftp://x' }, /baseUrl/],
      [{ providerKey: 'ollama', name: '', categories: ['llm'] }, /name/],
      [{ providerKey: 'ollama', name: 'x', categories: [] }, /categories/],
      [{ providerKey: 'Bad Key', name: 'x', categories: ['llm'] }, /providerKey/],
    ];
    for (const [body, message] of cases) {
      const res = await post(a, '/provider/create', body);
      expect(res, JSON.stringify(body)).toMatchObject({ success: false, errCode: 'E0003' });
      expect(res.errMsg).toMatch(message);
    }
  });

  it('are updated: name, categories, endpoint, key (kept when omitted, cleared by "")', async ({
    alice: a,
  }) => {
    const p = await createProvider(a, {
      providerKey: 'openai-compatible',
      name: 'To update',
      categories: ['llm'],
      baseUrl: `${fake.url}/v1`,
      apiKey: 'wrong-key-at-first',
    });
    const wrong = await options(a, p.providerId);
    expect(wrong).toMatchObject({ success: false, errCode: 'E3001' });
    expect(wrong.errMsg).toMatch(/rejected the API key \(HTTP 401\)/);
    expect(wrong.errMsg).not.toContain('wrong-key-at-first');

    let res = await post(a, '/provider/update', {
      providerId: p.providerId,
      apiKey: USER_KEY,
      name: 'Renamed',
    });
    expect(res.data).toMatchObject({ name: 'Renamed', categories: ['llm'] });
    expect((await options(a, p.providerId)).success).toBe(true);
    // omitted key: kept
    res = await post(a, '/provider/update', {
      providerId: p.providerId,
      categories: ['llm', 'embedding'],
      enabled: false,
    });
    expect(res.data).toMatchObject({ categories: ['llm', 'embedding'], enabled: false });
    expect((await options(a, p.providerId, 'embedding')).data!.map((o) => o.config.modelId)).toEqual([
      'text-embedding-fake',
    ]);
    // '' clears it: the endpoint now refuses
    await post(a, '/provider/update', { providerId: p.providerId, apiKey: '' });
    expect((await options(a, p.providerId)).errCode).toBe('E3001');
    // a type's rules hold on update too
    expect((await post(a, '/provider/update', { providerId: p.providerId, baseUrl: null })).errCode).toBe(
      'E0003',
    );
    expect(
      (await post(a, '/provider/update', { providerId: p.providerId, categories: ['webSearch'] })).errCode,
    ).toBe('E0003');
    expect((await list(a, '?enabled=false')).data!.map((x) => x.providerId)).toEqual([p.providerId]);
  });

  it('are deleted with their items', async ({ alice: a }) => {
    const p = await createProvider(a, {
      providerKey: 'ollama',
      name: 'Gone soon',
      categories: ['llm'],
    });
    const item = await post<{ itemId: string }>(a, '/provider/item/create', {
      providerId: p.providerId,
      name: 'llama',
      category: 'llm',
      config: { modelId: 'llama', modelName: 'Llama' },
    });
    expect(item.success).toBe(true);
    expect(await post(a, '/provider/delete', { providerId: p.providerId })).toMatchObject({
      success: true,
      data: {},
    });
    expect((await list(a)).data!.some((x) => x.providerId === p.providerId)).toBe(false);
    const items = await get<Array<{ itemId: string }>>(a, '/provider/item/list');
    expect(items.data!.some((i) => i.itemId === item.data!.itemId)).toBe(false);
    expect((await post(a, '/provider/delete', { providerId: p.providerId })).errCode).toBe('E1015');
  });
});

describe('the model list (connection test)', () => {
  it('classifies models by category and filters by the asked one', async ({ alice: a }) => {
    const p = await createProvider(a, {
      providerKey: 'openai-compatible',
      name: 'Options',
      categories: ['llm', 'embedding', 'reranker'],
      baseUrl: `${fake.url}/v1/`,
      apiKey: USER_KEY,
    });
    const all = (await options(a, p.providerId)).data!;
    expect(all).toContainEqual({
      name: 'Router Model',
      category: 'llm',
      config: { modelId: 'fake-router/model', modelName: 'Router Model', contextLimit: 32768 },
    });
    expect(all.map((o) => o.category).sort()).toEqual(['embedding', 'llm', 'llm', 'llm', 'reranker']);
    expect(all.some((o) => o.config.modelId === 'whisper-1')).toBe(false);
    expect((await options(a, p.providerId, 'reranker')).data!.map((o) => o.config.modelId)).toEqual([
      'bge-reranker-fake',
    ]);
    expect((await options(a, p.providerId, 'webSearch')).data).toEqual([]);
  });

  it('reads Ollama tags', async ({ alice: a }) => {
    const p = await createProvider(a, {
      providerKey: 'ollama',
      name: 'Ollama here',
      categories: ['llm', 'embedding'],
      baseUrl: fake.url,
    });
    fake.apiKey = null;
    try {
      const res = await options(a, p.providerId);
      expect(res.data).toEqual([
        {
          name: 'llama-fake:1b',
          category: 'llm',
          config: { modelId: 'llama-fake:1b', modelName: 'llama-fake:1b' },
        },
        {
          name: 'nomic-embed-fake:latest',
          category: 'embedding',
          config: { modelId: 'nomic-embed-fake:latest', modelName: 'nomic-embed-fake:latest' },
        },
      ]);
    } finally {
      fake.apiKey = USER_KEY;
    }
  });

  it('answers E3001 for an unreachable endpoint and E3003 for a slow one', async ({ alice: a }) => {
    const dead = await createProvider(a, {
      providerKey: 'openai-compatible',
      name: 'Dead',
      categories: ['llm'],
      baseUrl: 'http://127.0.0.1:9/v1',
    });
    const res = await options(a, dead.providerId);
    expect(res).toMatchObject({ success: false, errCode: 'E3001' });
    expect(res.errMsg).toMatch(/Cannot reach http:\/\/127\.0\.0\.1:9/);

    const slow = await createProvider(a, {
      providerKey: 'openai-compatible',
      name: 'Slow',
      categories: ['llm'],
      baseUrl: `${fake.url}/v1`,
      apiKey: USER_KEY,
    });
    fake.listDelayMs = 3000;
    try {
      // E3003 and not the list: the timeout answered before the 3 s reply could
      expect((await options(a, slow.providerId)).errCode).toBe('E3003');
    } finally {
      fake.listDelayMs = 0;
    }
  });
});

describe('another user', () => {
  it("gets E1015 for A's providers on every route and never sees them", async ({ alice: a, bob: b }) => {
    const p = await createProvider(a, {
      providerKey: 'openai-compatible',
      name: 'A only',
      categories: ['llm'],
      baseUrl: `${fake.url}/v1`,
      apiKey: USER_KEY,
    });
    expect(
      (await post(b, '/provider/update', { providerId: p.providerId, name: 'B was here' })).errCode,
    ).toBe('E1015');
    expect((await post(b, '/provider/delete', { providerId: p.providerId })).errCode).toBe('E1015');
    expect((await options(b, p.providerId)).errCode).toBe('E1015');
    const item = await post(b, '/provider/item/create', {
      providerId: p.providerId,
      name: 'x',
      category: 'llm',
      config: { modelId: 'x', modelName: 'x' },
    });
    expect(item.errCode).toBe('E1015');
    expect((await list(b)).data!.some((x) => x.providerId === p.providerId)).toBe(false);
    expect((await list(a)).data!.find((x) => x.providerId === p.providerId)?.name).toBe('A only');
    expect((await post(a, '/provider/update', { providerId: 'pr-nope', name: 'x' })).errCode).toBe('E1015');
  });
});

describe('bad input', () => {
  it('answers E0003 (or E2005), never a 500', async ({ alice: a }) => {
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/provider/create', '{not json'],
      ['POST', '/provider/create', []],
      ['POST', '/provider/update', { providerId: 5 }],
      ['POST', '/provider/update', { providerId: 'x', apiKey: 'k'.repeat(2000) }],
      ['POST', '/provider/delete', {}],
      ['GET', '/provider/list?enabled=maybe', undefined],
      ['GET', '/provider/list?category=music', undefined],
      ['GET', '/provider/item/option/list', undefined],
      ['GET', '/provider/item/option/list?providerId=x&category=nope', undefined],
    ];
    for (const [method, path, body] of cases) {
      const res = await call(a, method as 'GET' | 'POST', path, body);
      expect(res, `${method} ${path}`).toMatchObject({ success: false, errCode: 'E0003' });
    }
    const huge = await call(a, 'POST', '/provider/create', {
      providerKey: 'ollama',
      name: 'x',
      categories: ['llm'],
      pad: 'x'.repeat(110_000),
    });
    expect(huge.errCode).toBe('E2005');
  });
});

describe('secrets', () => {
  it('no answer of this file carried an API key', () => {
    expect(seen.length).toBeGreaterThan(40);
    for (const text of seen) {
      for (const key of [USER_KEY, GLOBAL_KEY, ANTHROPIC_KEY]) expect(text).not.toContain(key);
    }
  });
});
