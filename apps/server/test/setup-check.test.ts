/**
 * POST /provider/setup/check, the setup guide's live checks: each step makes its test call to
 * what the user configured (fake model, web-search and reader servers on 127.0.0.1) and answers
 * ok, missing or failed with the provider's own words; the body is validated, and another
 * user's provider or model is refused like a missing one.
 */
import type { SetupCheckResult, SetupStep } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { buildUser, type BuiltUser } from './helpers/factories.js';
import { startFakeLibraryModels, type FakeLibraryModels } from './helpers/fake-library-models.js';
import { startFakeWebServer, type FakeWebServer } from './helpers/fake-web-search.js';
import { skillTest } from './helpers/fixtures.js';
import { expectData, expectFailure } from './helpers/items.js';
import { resetFake } from './helpers/skill-run.js';

let web: FakeWebServer;
let reader: FakeLibraryModels;

beforeAll(async () => {
  web = await startFakeWebServer();
  reader = await startFakeLibraryModels();
});
afterAll(async () => {
  await web?.close();
  await reader?.close();
});

const it = skillTest();

const check = async (user: Pick<BuiltUser, 'post'>, step: SetupStep, extra: Record<string, unknown> = {}) =>
  expectData(await user.post<SetupCheckResult>('/v1/provider/setup/check', { step, ...extra }));

async function addProvider(user: BuiltUser, body: Record<string, unknown>): Promise<string> {
  return expectData(await user.post<{ providerId: string }>('/v1/provider/create', body)).providerId;
}

describe('setup checks', () => {
  it('a fresh account: every step but the built-in parser is missing, and nothing is called', async ({
    server,
    fake,
  }) => {
    const newcomer = await buildUser(server);
    const before = fake.requests.length;
    for (const step of ['provider', 'chatModel', 'defaultModel', 'embedding', 'webSearch'] as const) {
      const result = await check(newcomer, step);
      expect(result, step).toMatchObject({ step, status: 'missing', target: null });
      expect(result.message, step).toBeTruthy();
    }
    const parser = await check(newcomer, 'parser');
    expect(parser).toMatchObject({ status: 'ok', target: { kind: 'builtIn', id: null } });
    expect(parser.detail?.reply).toBe('Atelier parser check');
    expect(fake.requests.length).toBe(before);
  });

  it('each configured step makes its test call and turns ok', async ({ fake, alice }) => {
    resetFake(fake);
    fake.reply = 'OK';
    const provider = await check(alice, 'provider');
    expect(provider).toMatchObject({ status: 'ok', target: { kind: 'provider', name: 'Fake' } });
    expect(provider.detail?.count).toBeGreaterThan(0);
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === '/v1/models')).toBe(true);

    const chat = await check(alice, 'chatModel');
    expect(chat).toMatchObject({
      status: 'ok',
      target: { kind: 'item', id: alice.itemId },
      detail: { reply: 'OK' },
    });

    // the default model is missing until one is chosen, then checked by its own call
    expect((await check(alice, 'defaultModel')).status).toBe('missing');
    expectData(
      await alice.client.json('PUT', '/v1/user/settings', {
        preferences: { defaultModel: { chat: alice.itemId } },
      }),
    );
    const calls = fake.requests.filter((r) => r.path === '/v1/chat/completions').length;
    expect(await check(alice, 'defaultModel')).toMatchObject({ status: 'ok', target: { id: alice.itemId } });
    expect(fake.requests.filter((r) => r.path === '/v1/chat/completions').length).toBe(calls + 1);

    const embedder = await addProvider(alice, {
      providerKey: 'openai-compatible',
      name: 'Fake embeddings',
      categories: ['embedding'],
      baseUrl: `${fake.url}/v1`,
    });
    expectData(
      await alice.post('/v1/provider/item/create', {
        providerId: embedder,
        name: 'text-embedding-fake',
        category: 'embedding',
        config: { modelId: 'text-embedding-fake', modelName: 'Fake embeddings' },
      }),
    );
    const embedding = await check(alice, 'embedding');
    expect(embedding.status).toBe('ok');
    expect(embedding.detail?.dimensions).toBeGreaterThan(0);
    expect(fake.requests.some((r) => r.path === '/v1/embeddings')).toBe(true);

    const searx = await addProvider(alice, {
      providerKey: 'searxng',
      name: 'My SearXNG',
      categories: ['webSearch'],
      baseUrl: `${web.url}/searxng`,
    });
    const search = await check(alice, 'webSearch');
    expect(search).toMatchObject({ status: 'ok', target: { id: searx, name: 'My SearXNG' } });
    expect(search.detail?.count).toBeGreaterThan(0);
    expect(web.requests.some((r) => r.path === '/searxng/search' && r.query.q === 'Atelier')).toBe(true);

    // a URL parser chosen in the preferences reads a page through the provider
    const jina = await addProvider(alice, {
      providerKey: 'jina',
      name: 'Reader',
      categories: ['urlParsing'],
      baseUrl: `${reader.url}/reader`,
      apiKey: 'jina-test-key',
    });
    expectData(
      await alice.client.json('PUT', '/v1/user/settings', {
        preferences: { defaultModel: { chat: alice.itemId }, urlParsing: { providerId: jina } },
      }),
    );
    expect(await check(alice, 'parser')).toMatchObject({
      status: 'ok',
      target: { kind: 'provider', id: jina, name: 'Reader' },
      detail: { reply: 'Reader view of https://example.com/' },
    });
  });

  it('a failing test call is the step failed in the provider words, not a failed request', async ({
    fake,
    bob,
  }) => {
    resetFake(fake);
    fake.chatError = { status: 500, message: 'the fake model is down' };
    try {
      const chat = await check(bob, 'chatModel');
      expect(chat).toMatchObject({ status: 'failed', target: { id: bob.itemId }, errCode: 'E3001' });
      expect(chat.message).toMatch(/the fake model is down/);
    } finally {
      resetFake(fake);
    }
    await addProvider(bob, {
      providerKey: 'searxng',
      name: 'Bob SearXNG',
      categories: ['webSearch'],
      baseUrl: `${web.url}/searxng`,
    });
    web.searchStatus = 503;
    try {
      const search = await check(bob, 'webSearch');
      expect(search).toMatchObject({ status: 'failed', target: { name: 'Bob SearXNG' } });
      expect(search.message).toBeTruthy();
    } finally {
      web.searchStatus = null;
    }
    expect((await check(bob, 'webSearch')).status).toBe('ok');
  });

  it('checks a named provider or model of the caller, and refuses anyone else’s', async ({
    server,
    alice,
    bob,
  }) => {
    const bobProvider = expectData(
      await bob.get<Array<{ providerId: string; name: string }>>('/v1/provider/list'),
    ).find((p) => p.name === 'Fake')!.providerId;
    expect(await check(bob, 'provider', { providerId: bobProvider })).toMatchObject({
      status: 'ok',
      target: { id: bobProvider },
    });
    expect(await check(bob, 'chatModel', { itemId: bob.itemId })).toMatchObject({
      status: 'ok',
      target: { id: bob.itemId },
    });
    for (const step of ['provider', 'webSearch', 'parser'] as const)
      expectFailure(await alice.post('/v1/provider/setup/check', { step, providerId: bobProvider }), 'E1015');
    for (const step of ['chatModel', 'defaultModel', 'embedding'] as const)
      expectFailure(await alice.post('/v1/provider/setup/check', { step, itemId: bob.itemId }), 'E1016');
    // a provider that does not offer the step's category
    expectFailure(
      await bob.post('/v1/provider/setup/check', { step: 'webSearch', providerId: bobProvider }),
      'E0003',
    );
    expectFailure(
      await bob.post('/v1/provider/setup/check', { step: 'embedding', itemId: bob.itemId }),
      'E0003',
    );

    // the body is validated
    expectFailure(await alice.post('/v1/provider/setup/check', { step: 'everything' }), 'E0003');
    expectFailure(await alice.post('/v1/provider/setup/check', {}), 'E0003');
    expectFailure(await alice.post('/v1/provider/setup/check', { step: 'provider', extra: 1 }), 'E0003');
    expectFailure(
      await alice.post('/v1/provider/setup/check', { step: 'provider', providerId: '' }),
      'E0003',
    );
    // signed out
    const anonymous = await server.client().post('/v1/provider/setup/check', { step: 'provider' });
    expect(anonymous.status).toBe(401);
  });
});
