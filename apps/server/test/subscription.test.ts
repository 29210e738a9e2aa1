/**
 * Billing with FEATURE_SUBSCRIPTION on, against a fake Stripe API (helpers/fake-stripe.ts) and
 * webhooks signed as Stripe signs them: plans with prices, hosted checkout (price by lookup key,
 * one customer per user), the billing portal, checkout to active, upgrade, cancel at a date,
 * payment failed → past_due, trials, the 8 statuses, forged / replayed / out-of-order events, the
 * plan's quotas in the usage meters, and nobody reading or changing another user's subscription.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Plan, Subscription, Usage, UserSettings } from '@atelier/contract';
import { buildResource, buildUser, type BuiltUser } from './helpers/factories.js';
import { startFakeModelServer, type FakeModelServer } from './helpers/fake-model-server.js';
import {
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  postWebhook,
  signWebhook,
  startFakeStripe,
  stripeSubscription,
  type FakeStripe,
  type WebhookAnswer,
} from './helpers/fake-stripe.js';
import { serverTest } from './helpers/fixtures.js';
import { buildUserWithModel } from './helpers/skill-run.js';
import { createTestClient } from './helpers/http.js';
import { expectData, expectFailure } from './helpers/items.js';
import type { TestServer } from './helpers/server.js';

let stripe: FakeStripe;
let model: FakeModelServer;
beforeAll(async () => {
  stripe = await startFakeStripe();
  model = await startFakeModelServer();
});
afterAll(async () => {
  await stripe.close();
  await model.close();
});

const it = serverTest(() => ({
  FEATURE_SUBSCRIPTION: 'true',
  STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
  STRIPE_API_BASE: stripe.url,
  STRIPE_FIRST_YEAR_COUPON: 'first-year-half-off',
}));

let eventSeq = 0;
/** Seconds on the server's clock. */
const nowSec = (server: TestServer) => Math.floor(server.clock.now() / 1000);

/** Sends one signed event; `created` defaults to now + a sequence so later events are newer. */
async function sendEvent(
  server: TestServer,
  type: string,
  object: Record<string, unknown>,
  opts: { id?: string; created?: number } = {},
): Promise<WebhookAnswer> {
  eventSeq += 1;
  const event = {
    id: opts.id ?? `evt_${eventSeq}_${Math.random().toString(36).slice(2, 8)}`,
    type,
    created: opts.created ?? nowSec(server) + eventSeq,
    object,
  };
  const { body, signature } = signWebhook(event, nowSec(server));
  return postWebhook(server.url, body, signature);
}

const settings = async (user: BuiltUser) => expectData(await user.get<UserSettings>('/v1/user/settings'));
const usage = async (user: BuiltUser) => expectData(await user.get<Usage>('/v1/subscription/usage'));

/** Checkout of `plan` for `user`, then Stripe's checkout.session.completed: answers the ids. */
async function subscribe(
  server: TestServer,
  user: BuiltUser,
  lookupKey: string,
  status = 'active',
): Promise<{ customer: string; subscriptionId: string }> {
  const [, plan, interval] = lookupKey.split('_');
  expectData(
    await user.post<{ url: string }>('/v1/subscription/createCheckoutSession', { planType: plan, interval }),
  );
  const customer = (await settings(user)).customerId!;
  expect(customer).toMatch(/^cus_/);
  const subscriptionId = `sub_${user.uid}_${eventSeq + 1}`;
  stripe.subscriptions.set(
    subscriptionId,
    stripeSubscription({ id: subscriptionId, customer, lookupKey, status }),
  );
  const res = await sendEvent(server, 'checkout.session.completed', {
    id: `cs_${subscriptionId}`,
    object: 'checkout.session',
    mode: 'subscription',
    customer,
    client_reference_id: user.uid,
    subscription: subscriptionId,
  });
  expect(res).toMatchObject({ status: 200, body: { received: true, outcome: 'applied' } });
  return { customer, subscriptionId };
}

describe('plans and checkout', () => {
  it('lists the five plans with monthly and yearly prices (yearly saves 20 %)', async ({ server }) => {
    const plans = expectData(await server.client().get<Plan[]>('/v1/subscription/plans'));
    expect(plans.map((p) => p.planType)).toEqual(['free', 'plus', 'pro', 'max', 'ultra']);
    expect(plans[0]!.prices).toMatchObject({ currency: 'usd', monthly: 0, yearly: 0 });
    for (const p of plans.slice(1)) {
      expect(p.prices!.monthly).toBeGreaterThan(0);
      expect(p.prices!.yearly).toBe(Math.round(p.prices!.monthly! * 12 * 0.8));
    }
    expect(plans[0]).toMatchObject({ t1CountQuota: 5, t2CountQuota: 50, fileCountQuota: 100 });
  });

  it('refuses bad checkout requests with E0003 and anonymous callers with 401', async ({ server, alice }) => {
    expectFailure(await alice.post('/v1/subscription/createCheckoutSession', {}), 'E0003');
    expectFailure(await alice.post('/v1/subscription/createCheckoutSession', { planType: 'free' }), 'E0003');
    expectFailure(
      await alice.post('/v1/subscription/createCheckoutSession', { planType: 'pro', interval: 'weekly' }),
      'E0003',
    );
    const anon = await server.client().post('/v1/subscription/createCheckoutSession', { planType: 'pro' });
    expect(anon.status).toBe(401);
  });

  it('starts a hosted checkout on the price found by lookup key, with one Stripe customer per user', async ({
    server,
  }) => {
    const carol = await buildUser(server);
    const before = stripe.requests.length;
    const [a, b] = await Promise.all([
      carol.post<{ url: string }>('/v1/subscription/createCheckoutSession', { planType: 'pro' }),
      carol.post<{ url: string }>('/v1/subscription/createCheckoutSession', {
        planType: 'plus',
        interval: 'yearly',
      }),
    ]);
    expect(expectData(a).url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(expectData(b).url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const made = stripe.requests.slice(before);
    const customers = new Set(
      made.filter((r) => r.path === '/v1/checkout/sessions').map((r) => r.params.customer),
    );
    expect(customers.size).toBe(1);
    expect((await settings(carol)).customerId).toBe([...customers][0]);
    const sessions = made.filter((r) => r.path === '/v1/checkout/sessions');
    const monthly = sessions.find((r) => r.params['metadata[planType]'] === 'pro')!;
    expect(monthly.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: carol.uid,
      'line_items[0][price]': stripe.prices.get('atelier_pro_monthly'),
      'metadata[interval]': 'monthly',
    });
    expect(monthly.params['discounts[0][coupon]']).toBeUndefined();
    expect(monthly.params.success_url).toMatch(/payment=success$/);
    expect(monthly.params.cancel_url).toMatch(/payment=cancel$/);
    const yearly = sessions.find((r) => r.params['metadata[planType]'] === 'plus')!;
    expect(yearly.params['line_items[0][price]']).toBe(stripe.prices.get('atelier_plus_yearly'));
    expect(yearly.params['discounts[0][coupon]']).toBe('first-year-half-off');
  });

  it('answers E0003 for a plan without a Stripe price and E0000 (not a 500) when Stripe fails', async ({
    alice,
  }) => {
    const saved = stripe.prices.get('atelier_max_monthly')!;
    stripe.prices.delete('atelier_max_monthly');
    try {
      expect(
        expectFailure(
          await alice.post('/v1/subscription/createCheckoutSession', { planType: 'max' }),
          'E0003',
        ),
      ).toMatch(/atelier_max_monthly/);
    } finally {
      stripe.prices.set('atelier_max_monthly', saved);
    }
    stripe.failPath = '/v1/checkout';
    try {
      const res = await alice.post('/v1/subscription/createCheckoutSession', { planType: 'max' });
      expect(res.status).toBe(200);
      expectFailure(res, 'E0000');
    } finally {
      stripe.failPath = null;
    }
  });
});

describe('webhooks', () => {
  it('takes a checkout to an active subscription: plan, quotas and the meters follow it', async ({
    server,
  }) => {
    const dave = await buildUser(server);
    expect((await settings(dave)).subscription).toBeNull();
    expect((await usage(dave)).token.t1CountQuota).toBe(5);
    const { subscriptionId } = await subscribe(server, dave, 'atelier_pro_monthly');
    expect((await settings(dave)).subscription).toMatchObject({
      subscriptionId,
      planType: 'pro',
      interval: 'monthly',
      status: 'active',
      isTrial: false,
    });
    const u = await usage(dave);
    expect(u.token).toMatchObject({ subscriptionId, t1CountQuota: 200, t2CountQuota: 2000 });
    expect(u.storage.fileCountQuota).toBe(5000);
    // a live subscription's next checkout opens the portal: no second subscription
    const again = expectData(
      await dave.post<{ url: string }>('/v1/subscription/createCheckoutSession', { planType: 'max' }),
    );
    expect(again.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
  });

  it('upgrades, cancels at a date or at period end, goes past_due on a failed payment and back on a paid invoice', async ({
    server,
  }) => {
    const erin = await buildUser(server);
    const { customer, subscriptionId } = await subscribe(server, erin, 'atelier_plus_monthly');
    const sub = (lookupKey: string, extra: Partial<Parameters<typeof stripeSubscription>[0]> = {}) =>
      stripeSubscription({ id: subscriptionId, customer, lookupKey, status: 'active', ...extra });

    await sendEvent(server, 'customer.subscription.updated', sub('atelier_max_yearly'));
    expect((await settings(erin)).subscription).toMatchObject({ planType: 'max', interval: 'yearly' });
    expect((await usage(erin)).token.t2CountQuota).toBe(-1);

    const cancelAt = nowSec(server) + 30 * 86_400;
    await sendEvent(server, 'customer.subscription.updated', sub('atelier_max_yearly', { cancelAt }));
    const cancelled = (await settings(erin)).subscription!;
    expect(cancelled.status).toBe('active');
    expect(cancelled.cancelAt).toBe(new Date(cancelAt * 1000).toISOString());

    // cancel at period end, as the portal does it: Stripe may send no cancel_at, only the flag
    const periodEnd = nowSec(server) + 20 * 86_400;
    await sendEvent(server, 'customer.subscription.updated', {
      ...sub('atelier_max_yearly', { periodEnd }),
      cancel_at_period_end: true,
    });
    expect((await settings(erin)).subscription).toMatchObject({
      status: 'active',
      cancelAt: new Date(periodEnd * 1000).toISOString(),
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
    });
    // taken back before the period ended: it renews again
    await sendEvent(server, 'customer.subscription.updated', sub('atelier_max_yearly', { periodEnd }));
    expect((await settings(erin)).subscription!.cancelAt).toBeUndefined();

    const invoice = {
      object: 'invoice',
      customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    };
    expect((await sendEvent(server, 'invoice.payment_failed', invoice)).body.outcome).toBe('applied');
    expect((await settings(erin)).subscription!.status).toBe('past_due');
    // Stripe retries the payment meanwhile: the plan still applies
    expect((await usage(erin)).token.t1CountQuota).toBe(1000);
    await sendEvent(server, 'invoice.paid', invoice);
    expect((await settings(erin)).subscription!.status).toBe('active');

    await sendEvent(
      server,
      'customer.subscription.deleted',
      sub('atelier_max_yearly', { status: 'canceled' }),
    );
    expect((await settings(erin)).subscription).toBeNull();
    expect((await usage(erin)).token).toMatchObject({ t1CountQuota: 5, subscriptionId: null });
    // a later paid invoice does not revive it
    await sendEvent(server, 'invoice.paid', invoice);
    expect((await settings(erin)).subscription).toBeNull();
  });

  it("applies the plan's quotas: a Plus subscriber's 6th T1 request of the day passes, refused again once it ends", async ({
    server,
  }) => {
    const ivy = await buildUserWithModel(server, model, 't1');
    const ask = () => ivy.post('/v1/skill/invoke', { input: { query: 'q' }, modelItemId: ivy.itemId });
    for (let i = 0; i < 5; i++) expectData(await ask());
    expectFailure(await ask(), 'E2002');
    const { customer, subscriptionId } = await subscribe(server, ivy, 'atelier_plus_monthly');
    expectData(await ask());
    expect((await usage(ivy)).token).toMatchObject({ t1CountUsed: 6, t1CountQuota: 50 });
    await sendEvent(
      server,
      'customer.subscription.deleted',
      stripeSubscription({
        id: subscriptionId,
        customer,
        lookupKey: 'atelier_plus_monthly',
        status: 'canceled',
      }),
    );
    expectFailure(await ask(), 'E2002');
    expect((await usage(ivy)).token).toMatchObject({ t1CountUsed: 6, t1CountQuota: 5 });
  });

  it('reports a trial with its end date', async ({ server }) => {
    const frank = await buildUser(server);
    const trialEnd = nowSec(server) + 14 * 86_400;
    const { customer, subscriptionId } = await subscribe(server, frank, 'atelier_pro_monthly', 'trialing');
    await sendEvent(
      server,
      'customer.subscription.updated',
      stripeSubscription({
        id: subscriptionId,
        customer,
        lookupKey: 'atelier_pro_monthly',
        status: 'trialing',
        trialEnd,
      }),
    );
    expect((await settings(frank)).subscription).toMatchObject({
      status: 'trialing',
      isTrial: true,
      cancelAt: new Date(trialEnd * 1000).toISOString(),
    });
  });

  it('knows all 8 statuses: the plan applies while active, trialing or past_due, else free', async ({
    server,
  }) => {
    const gina = await buildUser(server);
    const { customer, subscriptionId } = await subscribe(server, gina, 'atelier_pro_monthly');
    const expected: Record<string, number> = {
      active: 200,
      trialing: 200,
      past_due: 200,
      canceled: 5,
      incomplete: 5,
      incomplete_expired: 5,
      paused: 5,
      unpaid: 5,
    };
    for (const [status, t1] of Object.entries(expected)) {
      const res = await sendEvent(
        server,
        'customer.subscription.updated',
        stripeSubscription({ id: subscriptionId, customer, lookupKey: 'atelier_pro_monthly', status }),
      );
      expect(res.body.outcome, status).toBe('applied');
      expect((await usage(gina)).token.t1CountQuota, status).toBe(t1);
      const live = (await settings(gina)).subscription as Subscription | null;
      expect(live?.status ?? null, status).toBe(t1 === 200 ? status : null);
    }
  });

  it('ignores a replayed event and an older event arriving late', async ({ server }) => {
    const hank = await buildUser(server);
    const { customer, subscriptionId } = await subscribe(server, hank, 'atelier_plus_monthly');
    const created = nowSec(server) + 10_000;
    const upgrade = stripeSubscription({
      id: subscriptionId,
      customer,
      lookupKey: 'atelier_pro_monthly',
      status: 'active',
    });
    const first = await sendEvent(server, 'customer.subscription.updated', upgrade, {
      id: 'evt_hank_up',
      created,
    });
    expect(first.body.outcome).toBe('applied');
    // the same event id again, even with another body: counted once
    const replay = await sendEvent(
      server,
      'customer.subscription.updated',
      stripeSubscription({
        id: subscriptionId,
        customer,
        lookupKey: 'atelier_ultra_monthly',
        status: 'active',
      }),
      { id: 'evt_hank_up', created },
    );
    expect(replay).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    // an event created before the applied one: no roll back to plus / incomplete
    const late = await sendEvent(
      server,
      'customer.subscription.updated',
      stripeSubscription({
        id: subscriptionId,
        customer,
        lookupKey: 'atelier_plus_monthly',
        status: 'incomplete',
      }),
      { created: created - 60 },
    );
    expect(late.body.outcome).toBe('stale');
    const lateInvoice = await sendEvent(
      server,
      'invoice.payment_failed',
      { object: 'invoice', customer, subscription: subscriptionId },
      { created: created - 30 },
    );
    expect(lateInvoice.body.outcome).toBe('stale');
    expect((await settings(hank)).subscription).toMatchObject({ planType: 'pro', status: 'active' });
  });

  it('refuses a missing, forged, foreign-secret or expired signature with 400 E0003', async ({ server }) => {
    const ivy = await buildUser(server);
    const { customer, subscriptionId } = await subscribe(server, ivy, 'atelier_plus_monthly');
    const object = stripeSubscription({
      id: subscriptionId,
      customer,
      lookupKey: 'atelier_ultra_yearly',
      status: 'active',
    });
    const event = {
      id: 'evt_forged',
      type: 'customer.subscription.updated',
      created: nowSec(server) + 99_999,
      object,
    };
    const good = signWebhook(event, nowSec(server));

    const missing = await postWebhook(server.url, good.body, null);
    expect(missing).toMatchObject({ status: 400, body: { errCode: 'E0003' } });
    const tampered = await postWebhook(server.url, good.body.replace('ultra', 'max'), good.signature);
    expect(tampered).toMatchObject({ status: 400, body: { errCode: 'E0003' } });
    const foreign = signWebhook(event, nowSec(server), 'whsec_someone_else');
    expect((await postWebhook(server.url, foreign.body, foreign.signature)).status).toBe(400);
    const old = signWebhook(event, nowSec(server) - 3600);
    expect((await postWebhook(server.url, old.body, old.signature)).status).toBe(400);
    expect((await postWebhook(server.url, 'not json', 't=1,v1=abc')).status).toBe(400);
    expect((await settings(ivy)).subscription).toMatchObject({ planType: 'plus' });
    // the refused event id was not recorded: the genuine delivery still applies
    expect((await postWebhook(server.url, good.body, good.signature)).body.outcome).toBe('applied');
    expect((await settings(ivy)).subscription).toMatchObject({ planType: 'ultra' });
  });

  it('refuses a correctly signed event dated 10 minutes ahead of the clock, as an old one, and takes a current one', async ({
    server,
  }) => {
    const jay = await buildUser(server);
    const { customer, subscriptionId } = await subscribe(server, jay, 'atelier_plus_monthly');
    const object = stripeSubscription({
      id: subscriptionId,
      customer,
      lookupKey: 'atelier_max_monthly',
      status: 'active',
    });
    const event = {
      id: 'evt_ahead',
      type: 'customer.subscription.updated',
      created: nowSec(server) + 50,
      object,
    };

    const ahead = signWebhook(event, nowSec(server) + 600);
    expect(await postWebhook(server.url, ahead.body, ahead.signature)).toMatchObject({
      status: 400,
      body: { errCode: 'E0003' },
    });
    const old = signWebhook(event, nowSec(server) - 600);
    expect(await postWebhook(server.url, old.body, old.signature)).toMatchObject({
      status: 400,
      body: { errCode: 'E0003' },
    });
    expect((await settings(jay)).subscription).toMatchObject({ planType: 'plus' });
    // a few seconds of skew either way stays inside the tolerance
    const current = signWebhook(event, nowSec(server) + 5);
    expect((await postWebhook(server.url, current.body, current.signature)).body.outcome).toBe('applied');
    expect((await settings(jay)).subscription).toMatchObject({ planType: 'max' });
  });

  it('answers 503 (Stripe delivers again) when the subscription cannot be fetched, then applies it', async ({
    server,
  }) => {
    const jay = await buildUser(server);
    expectData(await jay.post('/v1/subscription/createCheckoutSession', { planType: 'plus' }));
    const customer = (await settings(jay)).customerId!;
    const object = {
      id: 'cs_jay',
      object: 'checkout.session',
      mode: 'subscription',
      customer,
      client_reference_id: jay.uid,
      subscription: 'sub_jay',
    };
    const event = {
      id: 'evt_jay_checkout',
      type: 'checkout.session.completed',
      created: nowSec(server),
      object,
    };
    const signed = signWebhook(event, nowSec(server));
    expect((await postWebhook(server.url, signed.body, signed.signature)).status).toBe(503);
    stripe.subscriptions.set(
      'sub_jay',
      stripeSubscription({ id: 'sub_jay', customer, lookupKey: 'atelier_plus_monthly', status: 'active' }),
    );
    expect((await postWebhook(server.url, signed.body, signed.signature)).body.outcome).toBe('applied');
    expect((await settings(jay)).subscription).toMatchObject({ planType: 'plus' });
  });
});

describe('portal and privacy', () => {
  it('opens the billing portal for the caller’s own customer only', async ({ server, alice, bob }) => {
    const before = stripe.requests.length;
    expectFailure(await bob.post('/v1/subscription/createPortalSession'), 'E0003');
    expect(stripe.requests.slice(before).some((r) => r.path === '/v1/billing_portal/sessions')).toBe(false);
    expectData(await alice.post('/v1/subscription/createCheckoutSession', { planType: 'plus' }));
    const aliceCustomer = (await settings(alice)).customerId!;
    const portal = expectData(await alice.post<{ url: string }>('/v1/subscription/createPortalSession'));
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    const sessions = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions');
    expect(sessions.at(-1)!.params.customer).toBe(aliceCustomer);
    expect((await server.client().post('/v1/subscription/createPortalSession')).status).toBe(401);
  });

  it('keeps subscriptions and usage private: bob and anonymous callers see only their own or nothing', async ({
    server,
    alice,
    bob,
  }) => {
    const { subscriptionId } = await subscribe(server, alice, 'atelier_ultra_monthly');
    expect((await usage(alice)).token).toMatchObject({ uid: alice.uid, subscriptionId, t1CountQuota: -1 });
    const bobs = await usage(bob);
    expect(bobs.token).toMatchObject({ uid: bob.uid, subscriptionId: null, t1CountQuota: 5 });
    expect(bobs.storage.uid).toBe(bob.uid);
    expect((await settings(bob)).subscription).toBeNull();
    expect((await settings(bob)).customerId).not.toBe((await settings(alice)).customerId);
    // what bob does changes only his own: his file counts on his meter, his checkout on his customer
    const alicesFiles = (await usage(alice)).storage.fileCountUsed;
    const bobsFiles = bobs.storage.fileCountUsed;
    await buildResource(bob);
    expect((await usage(bob)).storage.fileCountUsed).toBe(bobsFiles + 1);
    expect((await usage(alice)).storage.fileCountUsed).toBe(alicesFiles);
    const before = stripe.requests.length;
    expectData(await bob.post('/v1/subscription/createCheckoutSession', { planType: 'pro' }));
    const bobsCheckout = stripe.requests.slice(before).find((r) => r.path === '/v1/checkout/sessions')!;
    expect(bobsCheckout.params.customer).toBe((await settings(bob)).customerId);
    expect(bobsCheckout.params.client_reference_id).toBe(bob.uid);
    expect((await settings(alice)).subscription).toMatchObject({ subscriptionId, planType: 'ultra' });
    const anon = createTestClient(server.url);
    expect((await anon.get('/v1/subscription/usage')).status).toBe(401);
    expect((await anon.get('/v1/subscription/modelList')).status).toBe(401);
    expect((await anon.post('/v1/subscription/createCheckoutSession', { planType: 'pro' })).status).toBe(401);
  });
});
