/**
 * Billing screens against the real server with billing on, a fake Stripe API
 * (apps/server/test/helpers/fake-stripe.ts) and a fake model server: the landing page's prices and
 * yearly switch, sign up, Settings > Subscription on the free plan with usage charts, Upgrade to
 * the (fake) hosted checkout, a signed webhook making the plan active, the success notice after
 * returning; a free user out of T1 requests (E2002 toast) and one whose library is full (E2001,
 * the storage-exceeded dialog) following Upgrade to checkout; a trial, a cancel at period end and
 * a failed payment (past_due) with non-zero usage, in light, dark, English and Chinese; the tab and
 * landing prices in light, dark and Chinese; and, with billing off, no tab and no price.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import type { Usage } from '@atelier/contract';
import { startFakeModelServer, type FakeModelServer } from '../../server/test/helpers/fake-model-server';
import {
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  postWebhook,
  signWebhook,
  startFakeStripe,
  stripeSubscription,
  type FakeStripe,
} from '../../server/test/helpers/fake-stripe';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, sendFresh } from './support/api';
import { clickToFocus, LONG_WAIT, openPage, screenshot } from './support/browser';
import { e2eTest } from './support/fixture';
import { startTestServer } from './support/server';
import { ErrorToast } from './pages/ErrorToast';
import { HomePage } from './pages/HomePage';
import { LibraryScreen } from './pages/LibraryPage';
import { openSettingsTab } from './pages/SettingsModal';

let stripe: FakeStripe;
let model: FakeModelServer;
beforeAll(async () => {
  stripe = await startFakeStripe();
  model = await startFakeModelServer();
});
afterAll(async () => {
  await stripe?.close();
  await model?.close();
});

// billing on against the fake Stripe; users' model providers may be the fake model on loopback
const it = e2eTest(() => ({
  OLLAMA_DETECT: 'false',
  PROVIDER_ALLOW_PRIVATE_NETWORK: 'true',
  FEATURE_SUBSCRIPTION: 'true',
  STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
  STRIPE_API_BASE: stripe.url,
}));

/** The hosted pages the fake Stripe answers live on made-up hosts: the browser gets a stand-in. */
async function standInForStripe(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/(checkout|billing)\.stripe\.test\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Stripe stand-in</h1>' }),
  );
}

async function openSubscriptionTab(page: Page): Promise<void> {
  const home = await new HomePage(page).goto();
  await home.skipHighlightsIfShown();
  await home.openSettings();
  await openSettingsTab(page, 'subscription', 'subscription-tab');
  // the charts are drawn (recharts' svg) once the usage answered
  await page
    .getByTestId('usage-chart')
    .nth(3)
    .locator('svg.recharts-surface')
    .waitFor({ timeout: LONG_WAIT });
}

async function showPricing(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByTestId('price-pro').waitFor({ timeout: LONG_WAIT });
  await page.locator('#pricing').scrollIntoViewIfNeeded();
}

// each language and each theme once; the tab's other two pairings are drawn by 'looks right in
// dark and in Chinese' below (docs/testing.md, variants)
const STATE_VARIANTS = [
  { locale: 'en-US', lang: 'en', colorScheme: 'light', tag: 'en-light' },
  { locale: 'zh-CN', lang: 'zh-CN', colorScheme: 'dark', tag: 'zh-dark' },
] as const;

const STATE_TEXT = {
  en: {
    pro: 'Pro',
    trialEnds: (date: string) => `Trial ends on ${date}`,
    endsOn: (date: string) => `Ends on ${date}`,
    pastDueHint: 'The last payment failed.',
    usedOf: (used: number, quota: number | string) => `${used} of ${quota}`,
  },
  'zh-CN': {
    pro: 'Pro',
    trialEnds: (date: string) => `试用于 ${date} 结束`,
    endsOn: (date: string) => `将于 ${date} 结束`,
    pastDueHint: '上次付款失败。',
    usedOf: (used: number, quota: number | string) => `${used} / ${quota}`,
  },
} as const;

let eventSeq = 0;

/**
 * Stripe's signed webhook event of `type` about `object`, posted to the e2e server (a child
 * process on real time, so signed now); each event is newer than the one before.
 */
async function sendEvent(baseUrl: string, type: string, object: Record<string, unknown>): Promise<string> {
  eventSeq += 1;
  const now = Math.floor(Date.now() / 1000);
  const { body, signature } = signWebhook(
    {
      id: `evt_e2e_${eventSeq}_${Math.random().toString(36).slice(2, 8)}`,
      type,
      created: now + eventSeq,
      object,
    },
    now,
  );
  const answer = await postWebhook(baseUrl, body, signature);
  expect(answer, type).toMatchObject({ status: 200, body: { received: true } });
  return answer.body.outcome ?? '';
}

interface Checkout {
  uid: string;
  customer: string;
  subscriptionId: string;
}

/**
 * Stripe reports the checkout the signed-in user started as completed, on a subscription to the
 * price of `lookupKey` (what the fake Stripe answers when the server fetches it).
 */
async function completeCheckout(
  request: APIRequestContext,
  baseUrl: string,
  sub: { lookupKey: string; status: string; trialEnd?: number; periodEnd?: number },
): Promise<Checkout> {
  const me = await apiCall<{ uid: string; customerId: string }>(request, 'GET', '/user/settings');
  expect(me.customerId).toMatch(/^cus_/);
  const subscriptionId = `sub_e2e_${me.uid}`;
  stripe.subscriptions.set(
    subscriptionId,
    stripeSubscription({ id: subscriptionId, customer: me.customerId, ...sub }),
  );
  const outcome = await sendEvent(baseUrl, 'checkout.session.completed', {
    id: `cs_${subscriptionId}`,
    object: 'checkout.session',
    mode: 'subscription',
    customer: me.customerId,
    client_reference_id: me.uid,
    subscription: subscriptionId,
  });
  expect(outcome).toBe('applied');
  return { uid: me.uid, customer: me.customerId, subscriptionId };
}

/** The signed-in user's chat models on the fake model server, one per tier: item ids. */
async function addModels(
  request: APIRequestContext,
  tiers: readonly ('t1' | 't2')[],
): Promise<Record<string, string>> {
  const provider = await apiCall<{ providerId: string }>(request, 'POST', '/provider/create', {
    providerKey: 'openai-compatible',
    name: 'Fake',
    categories: ['llm'],
    baseUrl: `${model.url}/v1`,
  });
  const items: Record<string, string> = {};
  for (const tier of tiers) {
    const item = await apiCall<{ itemId: string }>(request, 'POST', '/provider/item/create', {
      providerId: provider.providerId,
      name: `fake-${tier}`,
      category: 'llm',
      tier,
      config: {
        modelId: 'fake-chat',
        modelName: `Fake ${tier.toUpperCase()}`,
        contextLimit: 8000,
        maxOutput: 1000,
      },
    });
    items[tier] = item.itemId;
  }
  return items;
}

/** `count` model requests on `modelItemId`, queued through the API (each is counted when made). */
async function makeRequests(request: APIRequestContext, modelItemId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await apiCall(request, 'POST', '/skill/invoke', { input: { query: `Question ${i + 1}` }, modelItemId });
  }
}

/** `count` short text notes in the library, in batches the batch route takes. */
async function addNotes(request: APIRequestContext, count: number): Promise<void> {
  for (let from = 0; from < count; from += 50) {
    const items = Array.from({ length: Math.min(50, count - from) }, (_, i) => ({
      resourceType: 'text',
      title: `Note ${from + i + 1}`,
      content: `Short note number ${from + i + 1}`,
    }));
    const res = await sendFresh(request, () =>
      request.post('/v1/knowledge/resource/batchCreate', { data: { items } }),
    );
    const body = (await res.json()) as { success: boolean };
    expect(body, JSON.stringify(body).slice(0, 300)).toMatchObject({ success: true });
  }
}

/** Chooses plan and interval in Settings > Subscription and follows Upgrade to the hosted checkout: its params. */
async function checkoutFromTab(
  page: Page,
  plan: string,
  interval: 'Monthly' | 'Yearly',
): Promise<Record<string, string>> {
  const upgrade = page.getByTestId('subscription-upgrade');
  await upgrade.getByTestId(`upgrade-plan-${plan}`).click();
  await upgrade.getByTestId('upgrade-interval').getByText(interval).click();
  const before = stripe.requests.length;
  await upgrade.getByTestId('subscription-upgrade-button').click();
  await page.waitForURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_/, { timeout: LONG_WAIT });
  const sessions = stripe.requests.slice(before).filter((r) => r.path === '/v1/checkout/sessions');
  expect(sessions).toHaveLength(1);
  return sessions[0]!.params;
}

describe('subscription', () => {
  it('prices on the landing page, upgrade through checkout, the webhook makes the plan active', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    await standInForStripe(context);

    // landing: real prices, and the yearly switch with the saving and the first-year offer
    await showPricing(page);
    // the hero promises the free plan's quotas: this instance sells plans
    expect(await page.getByTestId('hero-note').textContent()).toContain('Free plan: 100 library files');
    expect(await page.getByTestId('price-pro').textContent()).toContain('$19.90');
    expect(await page.getByTestId('price-plus').textContent()).toContain('$9.90');
    await page.getByText('Save 20%').waitFor();
    await screenshot(page, 'subscription-landing-en-light');
    await page.getByTestId('pricing-interval').getByText('Yearly').click();
    await page.getByTestId('first-year-pro').waitFor();
    expect(await page.getByTestId('first-year-pro').textContent()).toBe(
      'First year $95.52 (extra 50% off), then $191.04 a year',
    );
    expect(await page.getByTestId('price-pro').textContent()).toContain('$15.92');
    await screenshot(page, 'subscription-landing-en-light-yearly');

    // sign up, then Settings > Subscription: the free plan and the usage charts
    await createAccount(server, context.request, uniqueEmail('billing'));
    await openSubscriptionTab(page);
    await page.getByTestId('subscription-plan').getByText('Free').waitFor();
    expect(await page.getByTestId('usage-t1').textContent()).toContain('0 of 5');
    expect(await page.getByTestId('usage-t2').textContent()).toContain('0 of 50');
    expect(await page.getByTestId('usage-files').textContent()).toContain('0 of 100');
    expect(await page.getByTestId('usage-pages').textContent()).toContain('0 of 100');
    expect(await page.getByTestId('subscription-manage').count()).toBe(0);
    await screenshot(page, 'subscription-tab-en-light-free');
    await page.getByTestId('usage-charts').scrollIntoViewIfNeeded();
    await screenshot(page, 'subscription-tab-en-light-free-usage');

    // Upgrade: Pro, yearly → the hosted checkout the server created (price by lookup key)
    await page.getByTestId('upgrade-plan-pro').click();
    await page.getByTestId('upgrade-interval').getByText('Yearly').click();
    await page.getByTestId('upgrade-price').getByText('First year $95.52', { exact: false }).waitFor();
    await page.getByTestId('subscription-upgrade-button').click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_/, { timeout: LONG_WAIT });
    const checkout = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(checkout.params['line_items[0][price]']).toBe(stripe.prices.get('atelier_pro_yearly'));
    expect(checkout.params.success_url).toBe(`${server.baseUrl}/settings/subscription?payment=success`);

    // Stripe reports the completed checkout with a signed webhook
    const now = Math.floor(Date.now() / 1000);
    await completeCheckout(context.request, server.baseUrl, {
      lookupKey: 'atelier_pro_yearly',
      status: 'active',
      periodEnd: now + 365 * 86_400,
    });

    // back from checkout: the success notice once, the address cleaned, the plan active
    await page.goto('/settings/subscription?payment=success');
    await page
      .getByTestId('payment-success')
      .getByText('Your new plan is active')
      .waitFor({ timeout: LONG_WAIT });
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByTestId('subscription-plan').getByText('Pro').waitFor();
    expect(await page.getByTestId('subscription-status').getAttribute('data-status')).toBe('active');
    expect(await page.getByTestId('subscription-date').textContent()).toMatch(/^Renews on /);
    await page.getByTestId('subscription-manage').waitFor();
    expect(await page.getByTestId('subscription-upgrade').count()).toBe(0);
    await page.getByTestId('usage-chart').nth(3).locator('svg.recharts-surface').waitFor();
    expect(await page.getByTestId('usage-t1').textContent()).toContain('0 of 200');
    await screenshot(page, 'subscription-tab-en-light-pro');

    // after a reload the plan stays and the notice does not come back
    await page.reload();
    await openSubscriptionTab(page);
    await page.getByTestId('subscription-plan').getByText('Pro').waitFor();
    expect(await page.getByTestId('payment-success').count()).toBe(0);

    // Manage billing opens the hosted portal
    await page.getByTestId('subscription-manage').click();
    await page.waitForURL(/^https:\/\/billing\.stripe\.test\/p\/session\//, { timeout: LONG_WAIT });
  });

  it('a free user out of daily T1 requests gets E2002 with Upgrade, which leads to checkout', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    await standInForStripe(context);
    await createAccount(server, context.request, uniqueEmail('billing-e2002'));
    const models = await addModels(context.request, ['t1']);
    // the free plan's 5 T1 requests of the day, then one more asked on the home page
    await makeRequests(context.request, models.t1!, 5);
    const used = await apiCall<Usage>(context.request, 'GET', '/subscription/usage');
    expect(used.token).toMatchObject({ t1CountUsed: 5, t1CountQuota: 5 });
    const home = await new HomePage(page).goto();
    await home.skipHighlightsIfShown();
    await clickToFocus(page.getByTestId('home-search'));
    await page.keyboard.type('One question too many');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/canvas\/[^/]+$/);
    const toast = new ErrorToast(page);
    await toast.body
      .getByText('Model usage quota exceeded, please upgrade your subscription')
      .waitFor({ timeout: LONG_WAIT });
    expect(await toast.title.innerText()).toBe('Limit reached');
    // a toast offering Upgrade stays until it is used or closed (no auto-close to race)
    await screenshot(page, 'subscription-e2002-toast-en-light');
    await toast.root.getByTestId('error-toast-upgrade').click();
    await page.getByTestId('subscription-tab').waitFor();
    await page.getByTestId('subscription-plan').getByText('Free').waitFor();
    expect(await page.getByTestId('usage-t1').textContent()).toContain('5 of 5');
    const params = await checkoutFromTab(page, 'plus', 'Monthly');
    expect(params['line_items[0][price]']).toBe(stripe.prices.get('atelier_plus_monthly'));
    expect(params.mode).toBe('subscription');
    const me = await apiCall<{ uid: string; customerId: string }>(context.request, 'GET', '/user/settings');
    expect(params.customer).toBe(me.customerId);
    expect(params.client_reference_id).toBe(me.uid);
  });

  it('an upload past the free plan’s 100 files opens the storage-exceeded dialog, whose Upgrade leads to checkout', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    await standInForStripe(context);
    await createAccount(server, context.request, uniqueEmail('billing-e2001'));
    await addNotes(context.request, 100);
    const home = await new HomePage(page).goto();
    await home.skipHighlightsIfShown();
    const library = await new LibraryScreen(page).goto();
    const modal = await library.openImport();
    await modal.uploadFiles([
      { name: 'one-too-many.md', mimeType: 'text/markdown', buffer: Buffer.from('# One file too many\n') },
    ]);
    const dialog = page.getByTestId('storage-exceeded-modal').locator('.ant-modal');
    await dialog.getByText('Your library is full, so this file cannot be saved.').waitFor();
    await dialog.getByText('Upgrade your subscription for more space', { exact: false }).waitFor();
    await screenshot(page, 'subscription-storage-exceeded-en-light');
    await dialog.getByRole('button', { name: 'Upgrade' }).click();
    await page.getByTestId('subscription-tab').waitFor();
    // Settings opens alone: the import dialog it came from has closed
    await page.getByTestId('import-modal').waitFor({ state: 'hidden' });
    expect(await page.getByTestId('usage-files').textContent()).toContain('100 of 100');
    const params = await checkoutFromTab(page, 'max', 'Yearly');
    expect(params['line_items[0][price]']).toBe(stripe.prices.get('atelier_max_yearly'));
  });

  it('shows a trial, a cancel at period end and a failed payment, with usage, in light English and dark Chinese', async ({
    server,
    open,
  }) => {
    // noon UTC `days` from today, in seconds (a date that reads the same in any nearby zone)
    const noon = (days: number) => {
      const d = new Date();
      d.setUTCHours(12, 0, 0, 0);
      return Math.floor(d.getTime() / 1000) + days * 86_400;
    };
    for (const v of STATE_VARIANTS) {
      const text = STATE_TEXT[v.lang];
      const day = (sec: number) =>
        new Intl.DateTimeFormat(v.lang, { dateStyle: 'medium' }).format(new Date(sec * 1000));
      const { context, page } = await open({ locale: v.locale, colorScheme: v.colorScheme });
      await createAccount(server, context.request, uniqueEmail(`billing-states-${v.tag}`));
      // some use: 2 T1 and 3 T2 requests today, 7 files in the library
      const models = await addModels(context.request, ['t1', 't2']);
      await makeRequests(context.request, models.t1!, 2);
      await makeRequests(context.request, models.t2!, 3);
      await addNotes(context.request, 7);
      const checkUsage = async () => {
        expect(await page.getByTestId('usage-t1').textContent()).toContain(text.usedOf(2, 200));
        expect(await page.getByTestId('usage-t2').textContent()).toContain(text.usedOf(3, '2,000'));
        expect(await page.getByTestId('usage-files').textContent()).toContain(text.usedOf(7, '5,000'));
      };
      const shoot = async (state: string) => {
        await screenshot(page, `subscription-${state}-${v.tag}`);
        await page.getByTestId('usage-charts').scrollIntoViewIfNeeded();
        await screenshot(page, `subscription-${state}-${v.tag}-usage`);
      };

      // a 14-day trial of Pro
      await apiCall(context.request, 'POST', '/subscription/createCheckoutSession', {
        planType: 'pro',
        interval: 'monthly',
      });
      const trialEnd = noon(14);
      const { customer, subscriptionId } = await completeCheckout(context.request, server.baseUrl, {
        lookupKey: 'atelier_pro_monthly',
        status: 'trialing',
        trialEnd,
        periodEnd: trialEnd,
      });
      await openSubscriptionTab(page);
      await page.getByTestId('subscription-plan').getByText(text.pro).waitFor();
      expect(await page.getByTestId('subscription-status').getAttribute('data-status')).toBe('trialing');
      expect(await page.getByTestId('subscription-date').textContent()).toBe(text.trialEnds(day(trialEnd)));
      await checkUsage();
      await shoot('trial');

      // paid, then cancelled at the end of the period
      const periodEnd = noon(30);
      await sendEvent(server.baseUrl, 'customer.subscription.updated', {
        ...stripeSubscription({
          id: subscriptionId,
          customer,
          lookupKey: 'atelier_pro_monthly',
          status: 'active',
          cancelAt: periodEnd,
          periodEnd,
        }),
        cancel_at_period_end: true,
      });
      await openSubscriptionTab(page);
      await page.getByTestId('subscription-status').and(page.locator('[data-status="active"]')).waitFor();
      expect(await page.getByTestId('subscription-date').textContent()).toBe(text.endsOn(day(periodEnd)));
      await checkUsage();
      await shoot('cancel-at-period-end');

      // the renewal payment fails: past_due, with what to do about it
      await sendEvent(server.baseUrl, 'invoice.payment_failed', {
        object: 'invoice',
        customer,
        parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
      });
      await openSubscriptionTab(page);
      await page.getByTestId('subscription-status').and(page.locator('[data-status="past_due"]')).waitFor();
      await page.getByTestId('subscription-tab').getByText(text.pastDueHint, { exact: false }).waitFor();
      expect(await page.getByTestId('subscription-date').textContent()).toBe(text.endsOn(day(periodEnd)));
      await page.getByTestId('subscription-manage').waitFor();
      await checkUsage();
      await shoot('past-due');
      await context.close();
    }
  });

  it('looks right in dark and in Chinese (landing prices and the tab)', async ({ server, open }) => {
    for (const [locale, colorScheme, tag, free, yearly] of [
      ['en-US', 'dark', 'en-dark', 'Free', 'Yearly'],
      ['zh-CN', 'light', 'zh-light', '免费版', '按年'],
      ['zh-CN', 'dark', 'zh-dark', '免费版', '按年'],
    ] as const) {
      const { context, page } = await open({ locale, colorScheme });
      await showPricing(page);
      await page.getByTestId('pricing-interval').getByText(yearly).click();
      await page.getByTestId('first-year-pro').waitFor();
      await screenshot(page, `subscription-landing-${tag}`);
      await createAccount(server, context.request, uniqueEmail(`billing-${tag}`));
      await openSubscriptionTab(page);
      await page.getByTestId('subscription-plan').getByText(free).waitFor();
      await screenshot(page, `subscription-tab-${tag}`);
      await page.getByTestId('usage-charts').scrollIntoViewIfNeeded();
      await screenshot(page, `subscription-tab-${tag}-usage`);
      await context.close();
    }
  });

  it('with billing off there is no Subscription tab and no price', async ({ browser }) => {
    const off = await startTestServer({});
    try {
      const { context, page } = await openPage(browser, off.baseUrl);
      try {
        await page.goto('/');
        const note = page.getByTestId('pricing-note');
        await note
          .getByText('This instance does not sell plans', { exact: false })
          .waitFor({ timeout: LONG_WAIT });
        expect(await page.getByTestId('landing-pricing').getAttribute('data-billing')).toBe('off');
        expect(await page.locator('[data-testid^="price-"]').count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Sign up to choose' }).count()).toBe(0);
        // the free card and the FAQ say what an account here gets: no plan quotas
        const free = page.getByTestId('plan-free');
        await free.getByText('No file quota in your library').waitFor();
        expect(await free.textContent()).not.toContain('100 files');
        expect(await page.getByTestId('faq-free').textContent()).toContain('On this instance');
        // the hero promises no quota either
        const hero = (await page.getByTestId('hero-note').textContent()) ?? '';
        expect(hero).toContain('without plan quotas');
        expect(hero).not.toContain('100 library files');
        await page.locator('#pricing').scrollIntoViewIfNeeded();
        await screenshot(page, 'subscription-landing-off-en-light');

        await createAccount(off, context.request, uniqueEmail('billing-off'));
        const home = await new HomePage(page).goto();
        await home.skipHighlightsIfShown();
        const settings = await home.openSettings();
        await settings.root.getByTestId('settings-tab-account').waitFor();
        await settings.root.getByTestId('settings-tab-appearance').waitFor();
        expect(await settings.root.getByTestId('settings-tab-subscription').count()).toBe(0);
        // the checkout return address opens nothing that sells
        await page.goto('/settings/subscription?payment=success');
        await page.waitForURL(`${off.baseUrl}/`);
        await page.locator('.settings-modal').getByTestId('settings-tab-providers').waitFor();
        expect(await page.getByTestId('subscription-tab').count()).toBe(0);
        expect(await page.getByTestId('payment-success').count()).toBe(0);
      } finally {
        await context.close();
      }
    } finally {
      await off.stop();
    }
  });
});
