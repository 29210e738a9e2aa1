/**
 * Daily request quotas with the subscription flag on: the free plan's 5 T1 requests a day (runs
 * and reruns, streamed or queued) then E2002, T2 counted apart, free-tier models not counted, and
 * a new day (UTC, on the server's clock) starting afresh. With the flag off (the other skill
 * tests) nothing is counted.
 */
import { describe, expect } from 'vitest';
import type { BuiltUser } from './helpers/factories.js';
import { startFakeModelServer, type FakeModelServer } from './helpers/fake-model-server.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData, expectFailure } from './helpers/items.js';
import { streamSkill } from './helpers/skill-run.js';

type Tier = 't1' | 't2' | 'free';

const it = serverTest({
  FEATURE_SUBSCRIPTION: 'true',
  SKILL_IDLE_TIMEOUT: '1500ms',
  SKILL_MODEL_RETRIES: '0',
  SKILL_ABORT_POLL: '100ms',
}).extend<{ fake: FakeModelServer; items: Record<Tier, string> }>({
  fake: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const fake = await startFakeModelServer();
      try {
        await use(fake);
      } finally {
        await fake.close();
      }
    },
    { scope: 'file' },
  ],
  // alice's chat models on the fake provider, one per tier
  items: [
    async ({ alice, fake }, use) => {
      const provider = expectData(
        await alice.post<{ providerId: string }>('/v1/provider/create', {
          providerKey: 'openai-compatible',
          name: 'Fake',
          categories: ['llm'],
          baseUrl: `${fake.url}/v1`,
        }),
      );
      const items: Partial<Record<Tier, string>> = {};
      for (const tier of ['t1', 't2', 'free'] as const) {
        items[tier] = expectData(
          await alice.post<{ itemId: string }>('/v1/provider/item/create', {
            providerId: provider.providerId,
            name: `fake-${tier}`,
            category: 'llm',
            tier,
            config: { modelId: 'fake-chat', modelName: `Fake ${tier}` },
          }),
        ).itemId;
      }
      await use(items as Record<Tier, string>);
    },
    { scope: 'file' },
  ],
});

interface TokenUsage {
  startAt: string;
  t1CountUsed: number;
  t1CountQuota: number;
  t2CountUsed: number;
}

const usage = async (user: BuiltUser) =>
  expectData(await user.get<{ token: TokenUsage }>('/v1/subscription/usage')).token;

describe('daily request quotas (FEATURE_SUBSCRIPTION on)', () => {
  it('gives E2002 on the 6th T1 request of the day, counting reruns and queued runs', async ({
    alice,
    items,
  }) => {
    const first = await streamSkill(alice.client, { input: { query: 'one' }, modelItemId: items.t1 });
    expect(first.events.at(-1)!.event).toBe('end');
    const resultId = first.events[0]!.resultId;
    // a rerun is a request
    const rerun = await streamSkill(alice.client, {
      input: { query: 'one' },
      modelItemId: items.t1,
      resultId,
    });
    expect(rerun.events[0]!.version).toBe(1);
    // a queued run is a request
    expectData(await alice.post('/v1/skill/invoke', { input: { query: 'q' }, modelItemId: items.t1 }));
    for (const q of ['four', 'five']) {
      const run = await streamSkill(alice.client, { input: { query: q }, modelItemId: items.t1 });
      expect(run.refusal).toBeNull();
    }
    const sixth = await streamSkill(alice.client, { input: { query: 'six' }, modelItemId: items.t1 });
    expect(sixth.refusal).toMatchObject({ success: false, errCode: 'E2002' });
    expectFailure(
      await alice.post('/v1/skill/invoke', { input: { query: 'q' }, modelItemId: items.t1 }),
      'E2002',
    );
    // T2 and free models are counted apart
    const t2 = await streamSkill(alice.client, { input: { query: 't2' }, modelItemId: items.t2 });
    expect(t2.refusal).toBeNull();
    const free = await streamSkill(alice.client, { input: { query: 'free' }, modelItemId: items.free });
    expect(free.refusal).toBeNull();
    // the usage meter counts the same requests the quota check does
    expect(await usage(alice)).toMatchObject({ t1CountUsed: 5, t1CountQuota: 5, t2CountUsed: 1 });
  });

  it('starts afresh when the server clock passes 00:00 UTC, and counts the new day’s requests', async ({
    server,
    alice,
    items,
  }) => {
    // still the same day: all five used
    const before = await usage(alice);
    expect(before.t1CountUsed).toBe(5);
    const dayStart = Date.parse(before.startAt);
    const nextDay = dayStart + 24 * 3600_000;
    // one second past the next midnight
    server.clock.advance(nextDay - server.clock.now() + 1000);
    // the access token (15 min) expired on the way; the session (30 days) did not
    expect((await alice.client.fetch('/v1/auth/refreshToken', { method: 'POST' })).status).toBe(200);

    const after = await usage(alice);
    expect(Date.parse(after.startAt)).toBe(nextDay);
    expect(after).toMatchObject({ t1CountUsed: 0, t2CountUsed: 0 });
    const run = await streamSkill(alice.client, { input: { query: 'new day' }, modelItemId: items.t1 });
    expect(run.refusal).toBeNull();
    expect(run.events.at(-1)!.event).toBe('end');
    // the new day's run is counted on the new day
    expect((await usage(alice)).t1CountUsed).toBe(1);
  });
});
