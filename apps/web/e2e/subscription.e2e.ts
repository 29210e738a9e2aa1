/**
 * Billing screens against the real server with billing on and a fake Stripe API
 * (apps/server/test/helpers/fake-stripe.ts): the landing page's prices and yearly switch, sign up,
 * Settings > Subscription on the free plan with usage charts, Upgrade to the (fake) hosted
 * checkout, a signed webhook making the plan active, the success notice after returning; the
 * tab and landing prices in light, dark and Chinese; and, with billing off, no tab and no price.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  signWebhook,
  startFakeStripe,
  stripeSubscription,
  type FakeStripe,
} from '../../server/test/helpers/fake-stripe';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall } from './support/api';
import { clickUntil, LONG_WAIT, openPage, screenshot } from './support/browser';
import { e2eTest } from './support/fixture';
import { startTestServer } from './support/server';
import { HomePage } from './pages/HomePage';

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe?.close();
});

const it = e2eTest(() => ({
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
  const settings = await home.openSettings();
  await clickUntil(
    settings.root.getByTestId('settings-tab-subscription'),
    page.getByTestId('subscription-tab'),
  );
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

describe('subscription', () => {
  it('prices on the landing page, upgrade through checkout, the webhook makes the plan active', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    await standInForStripe(context);

    // landing: real prices, and the yearly switch with the saving and the first-year offer
    await showPricing(page);
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
    const me = await apiCall<{ uid: string; customerId: string }>(context.request, 'GET', '/user/settings');
    expect(me.customerId).toMatch(/^cus_/);
    const now = Math.floor(Date.now() / 1000);
    const subscriptionId = `sub_e2e_${me.uid}`;
    stripe.subscriptions.set(
      subscriptionId,
      stripeSubscription({
        id: subscriptionId,
        customer: me.customerId,
        lookupKey: 'atelier_pro_yearly',
        status: 'active',
        periodEnd: now + 365 * 86_400,
      }),
    );
    const { body, signature } = signWebhook(
      {
        id: `evt_e2e_${me.uid}`,
        type: 'checkout.session.completed',
        created: now,
        object: {
          id: `cs_${subscriptionId}`,
          object: 'checkout.session',
          mode: 'subscription',
          customer: me.customerId,
          client_reference_id: me.uid,
          subscription: subscriptionId,
        },
      },
      now,
    );
    const hook = await fetch(`${server.baseUrl}/v1/subscription/webhook/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
    expect(await hook.json()).toMatchObject({ received: true, outcome: 'applied' });

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
