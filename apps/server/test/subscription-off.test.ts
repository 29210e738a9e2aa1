/**
 * FEATURE_SUBSCRIPTION off (the self-hosted default): plans carry no prices, no route offers
 * checkout or the portal (E0003, Stripe never called), signed webhooks are refused, no quota
 * applies (-1 in every meter), and /subscription/modelList answers the caller's own chat models
 * with their tiers.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { ModelInfo, Plan, Usage } from '@atelier/contract';
import { buildUser, type BuiltUser } from './helpers/factories.js';
import {
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  signWebhook,
  startFakeStripe,
  type FakeStripe,
} from './helpers/fake-stripe.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData, expectFailure } from './helpers/items.js';

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe.close();
});

// Stripe is configured, the feature is not: billing stays off.
const it = serverTest(() => ({
  STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
  STRIPE_API_BASE: stripe.url,
}));

/** The user's chat models on an address nothing answers (runs are queued, never finished): ids by tier. */
async function addModels(user: BuiltUser): Promise<Record<'t1' | 't2' | 'free', string>> {
  const provider = expectData(
    await user.post<{ providerId: string }>('/v1/provider/create', {
      providerKey: 'openai-compatible',
      name: 'Local',
      categories: ['llm'],
      baseUrl: 'http://127.0.0.1:9/v1',
    }),
  );
  const items: Partial<Record<'t1' | 't2' | 'free', string>> = {};
  for (const tier of ['t1', 't2', 'free'] as const) {
    items[tier] = expectData(
      await user.post<{ itemId: string }>('/v1/provider/item/create', {
        providerId: provider.providerId,
        name: `local-${tier}`,
        category: 'llm',
        tier,
        config: { modelId: `local-${tier}`, modelName: `Local ${tier}` },
      }),
    ).itemId;
  }
  return items as Record<'t1' | 't2' | 'free', string>;
}

describe('FEATURE_SUBSCRIPTION off', () => {
  it('lists plans without prices and offers no checkout or portal', async ({ server, alice }) => {
    const plans = expectData(await server.client().get<Plan[]>('/v1/subscription/plans'));
    expect(plans).toHaveLength(5);
    for (const p of plans) expect(p.prices).toBeUndefined();
    expectFailure(await alice.post('/v1/subscription/createCheckoutSession', { planType: 'pro' }), 'E0003');
    expectFailure(await alice.post('/v1/subscription/createPortalSession'), 'E0003');
    expect(stripe.requests).toHaveLength(0);
  });

  it('refuses even a correctly signed webhook', async ({ server }) => {
    const now = Math.floor(server.clock.now() / 1000);
    const { body, signature } = signWebhook(
      { id: 'evt_off', type: 'customer.subscription.updated', created: now, object: { id: 'sub_x' } },
      now,
    );
    const res = await fetch(`${server.url}/v1/subscription/webhook/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, errCode: 'E0003' });
  });

  it('applies no quota: every meter is unlimited', async ({ alice }) => {
    const usage = expectData(await alice.get<Usage>('/v1/subscription/usage'));
    expect(usage.token).toMatchObject({
      uid: alice.uid,
      subscriptionId: null,
      t1CountQuota: -1,
      t2CountQuota: -1,
    });
    expect(usage.storage).toMatchObject({ fileCountQuota: -1, objectStorageQuota: '-1' });
    expect(usage.fileParsing.pagesLimit).toBe(-1);
  });

  it('enforces no quota: a 6th T1 request of the day and a 101st library item pass', async ({ server }) => {
    const carol = await buildUser(server);
    const { t1 } = await addModels(carol);
    for (let i = 0; i < 6; i++) {
      expectData(await carol.post('/v1/skill/invoke', { input: { query: `q${i}` }, modelItemId: t1 }));
    }
    for (const count of [50, 50, 1]) {
      const items = Array.from({ length: count }, (_, i) => ({
        resourceType: 'text',
        title: `Note ${i}`,
        content: 'Short note',
      }));
      expectData(await carol.post('/v1/knowledge/resource/batchCreate', { items }));
    }
    const usage = expectData(await carol.get<Usage>('/v1/subscription/usage'));
    expect(usage.token.t1CountUsed).toBe(6);
    expect(usage.storage.fileCountUsed).toBe(101);
  });

  it('lists the caller’s own chat models with their tiers, never another user’s', async ({ alice, bob }) => {
    await addModels(alice);
    const mine = expectData(await alice.get<ModelInfo[]>('/v1/subscription/modelList'));
    expect(mine.map((m) => [m.name, m.tier]).sort()).toEqual([
      ['local-free', 'free'],
      ['local-t1', 't1'],
      ['local-t2', 't2'],
    ]);
    const theirs = expectData(await bob.get<ModelInfo[]>('/v1/subscription/modelList'));
    const mineIds = new Set(mine.map((m) => m.providerItemId));
    expect(theirs.some((m) => mineIds.has(m.providerItemId))).toBe(false);
    expect(theirs.filter((m) => m.name.startsWith('local-'))).toHaveLength(0);
  });
});
