/**
 * Daily request quotas with the subscription flag on: the free plan's 5 T1 requests a day (runs
 * and reruns, streamed or queued) then E2002, T2 counted apart, free-tier models not counted, and
 * a new day starting afresh. With the flag off (the other skill tests) nothing is counted.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionResults } from '../src/db/schema/index.js';
import { buildUser, type BuiltUser } from './helpers/factories.js';
import { call, expectData, expectFailure } from './helpers/items.js';
import { startSkillFixture, streamSkill, type SkillFixture } from './helpers/skill-run.js';

let fx: SkillFixture;
let user: BuiltUser;
const items: Record<string, string> = {};

beforeAll(async () => {
  fx = await startSkillFixture({ FEATURE_SUBSCRIPTION: 'true' });
  user = await buildUser(fx.server);
  const provider = expectData(
    await call<{ providerId: string }>(user.client, 'POST', '/v1/provider/create', {
      providerKey: 'openai-compatible',
      name: 'Fake',
      categories: ['llm'],
      baseUrl: `${fx.fake.url}/v1`,
    }),
  );
  for (const tier of ['t1', 't2', 'free'] as const) {
    items[tier] = expectData(
      await call<{ itemId: string }>(user.client, 'POST', '/v1/provider/item/create', {
        providerId: provider.providerId,
        name: `fake-${tier}`,
        category: 'llm',
        tier,
        config: { modelId: 'fake-chat', modelName: `Fake ${tier}` },
      }),
    ).itemId;
  }
});
afterAll(async () => {
  await fx?.close();
});

describe('daily request quotas (FEATURE_SUBSCRIPTION on)', () => {
  it('gives E2002 on the 6th T1 request of the day, counting reruns and queued runs', async () => {
    const first = await streamSkill(user.client, { input: { query: 'one' }, modelItemId: items.t1 });
    expect(first.events.at(-1)!.event).toBe('end');
    const resultId = first.events[0]!.resultId;
    // a rerun is a request
    const rerun = await streamSkill(user.client, {
      input: { query: 'one' },
      modelItemId: items.t1,
      resultId,
    });
    expect(rerun.events[0]!.version).toBe(1);
    // a queued run is a request
    expectData(
      await call(user.client, 'POST', '/v1/skill/invoke', { input: { query: 'q' }, modelItemId: items.t1 }),
    );
    for (const q of ['four', 'five']) {
      const run = await streamSkill(user.client, { input: { query: q }, modelItemId: items.t1 });
      expect(run.refusal).toBeNull();
    }
    const sixth = await streamSkill(user.client, { input: { query: 'six' }, modelItemId: items.t1 });
    expect(sixth.refusal).toMatchObject({ success: false, errCode: 'E2002' });
    expectFailure(
      await call(user.client, 'POST', '/v1/skill/invoke', { input: { query: 'q' }, modelItemId: items.t1 }),
      'E2002',
    );
    // T2 and free models are counted apart
    const t2 = await streamSkill(user.client, { input: { query: 't2' }, modelItemId: items.t2 });
    expect(t2.refusal).toBeNull();
    const free = await streamSkill(user.client, { input: { query: 'free' }, modelItemId: items.free });
    expect(free.refusal).toBeNull();
    // the usage meter counts the same requests the quota check does
    const usage = expectData(
      await call<{ token: { t1CountUsed: number; t1CountQuota: number; t2CountUsed: number } }>(
        user.client,
        'GET',
        '/v1/subscription/usage',
      ),
    );
    expect(usage.token).toMatchObject({ t1CountUsed: 5, t1CountQuota: 5, t2CountUsed: 1 });
  });

  it('starts afresh the next day', async () => {
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
    await fx.server.server.ctx.db
      .update(actionResults)
      .set({ createdAt: yesterday })
      .where(eq(actionResults.uid, user.uid));
    const run = await streamSkill(user.client, { input: { query: 'new day' }, modelItemId: items.t1 });
    expect(run.refusal).toBeNull();
    expect(run.events.at(-1)!.event).toBe('end');
  });
});
