/**
 * Web search with and without a provider: there is no built-in web search, so a user without a
 * SearXNG, Serper, Tavily or Brave provider gets E1015 with a message naming the fix (from POST
 * /search and from a webSearch run), never the generic parameter error E0003; adding a provider
 * (a fake SearXNG on 127.0.0.1) makes the same calls work.
 */
import type { ActionResult } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startFakeWebServer, type FakeWebServer } from './helpers/fake-web-search.js';
import { skillTest } from './helpers/fixtures.js';
import { expectData, expectFailure } from './helpers/items.js';
import { streamSkill, waitForResult } from './helpers/skill-run.js';

let web: FakeWebServer;

beforeAll(async () => {
  web = await startFakeWebServer();
});
afterAll(async () => {
  await web?.close();
});

const it = skillTest();

const FIX = /SearXNG, Serper, Tavily or Brave/;

describe('web search configuration', () => {
  it('without a provider: E1015 naming the fix, from /search and from a webSearch run', async ({
    fake,
    alice: user,
  }) => {
    const res = await user.post('/v1/search', { source: 'web', q: 'tides' });
    expect(expectFailure(res, 'E1015')).toMatch(FIX);

    const run = await streamSkill(user.client, { skillName: 'webSearch', input: { query: 'tides' } });
    const failure = run.events.find((e) => e.event === 'error');
    expect(failure?.error).toBe('E1015');
    expect(failure?.originError).toMatch(FIX);
    const stored = await waitForResult<ActionResult>(user.client, run.events[0]!.resultId);
    expect(stored.status).toBe('failed');
    expect(stored.errors).toEqual(['E1015']);
    // the model was never asked
    expect(fake.requests.some((r) => r.path === '/v1/chat/completions')).toBe(false);
  });

  it('with a SearXNG provider the same run searches and answers', async ({ fake, bob: user }) => {
    expectData(
      await user.post('/v1/provider/create', {
        providerKey: 'searxng',
        name: 'My SearXNG',
        categories: ['webSearch'],
        baseUrl: `${web.url}/searxng`,
      }),
    );
    fake.reply = 'Tides follow the moon [1].';
    const run = await streamSkill(user.client, { skillName: 'webSearch', input: { query: 'tides' } });
    expect(run.events.some((e) => e.event === 'error')).toBe(false);
    expect(web.requests.some((r) => r.path === '/searxng/search' && r.query.q === 'tides')).toBe(true);
    const stored = await waitForResult<ActionResult>(user.client, run.events[0]!.resultId);
    expect(stored.status).toBe('finish');
  });
});
