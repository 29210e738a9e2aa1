/** The landing prices and Settings > Subscription against a stubbed API (the browser test runs the real one). */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Plan, Subscription, UserSettings } from '@atelier/contract';
import { apiKey } from '../../api/apiQuery';
import { api } from '../../api/client';
import { initI18n } from '../../i18n/i18n';
import { platform } from '../../platform/platform';
import { useUiStore } from '../../stores/uiStore';
import { PricingSection } from '../landing/PricingSection';
import { SubscriptionTab } from './SubscriptionTab';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useUiStore.setState({ paymentNotice: null, settingsTab: null });
});

const PRICES: Record<string, number> = { free: 0, plus: 990, pro: 1990, max: 4990, ultra: 9990 };
const plans = (billing: boolean): Plan[] =>
  Object.entries(PRICES).map(([planType, monthly]) => ({
    planType: planType as Plan['planType'],
    t1CountQuota: 5,
    t2CountQuota: 50,
    t1TokenQuota: -1,
    t2TokenQuota: -1,
    fileCountQuota: 100,
    objectStorageQuota: '1073741824',
    vectorStorageQuota: '104857600',
    ...(billing ? { prices: { currency: 'usd', monthly, yearly: Math.round(monthly * 12 * 0.8) } } : {}),
  }));

const config = (subscription: boolean) => ({
  version: '0',
  maintenance: { enabled: false, start: null, end: null, timezone: 'UTC' },
  features: { subscription, canvasTemplate: false, errorReporting: false },
});

const usage = {
  token: {
    meterId: 'm',
    uid: 'u1',
    startAt: '2026-11-27T00:00:00.000Z',
    t1CountQuota: 5,
    t1CountUsed: 1,
    t2CountQuota: 50,
    t2CountUsed: 3,
    t1TokenQuota: -1,
    t1TokenUsed: 0,
    t2TokenQuota: -1,
    t2TokenUsed: 0,
  },
  storage: {
    meterId: 's',
    uid: 'u1',
    fileCountUsed: 2,
    fileCountQuota: 100,
    objectStorageQuota: '1073741824',
    objectStorageUsed: '2048',
    vectorStorageQuota: '104857600',
    vectorStorageUsed: '0',
  },
  fileParsing: { pagesParsed: 0, pagesLimit: 100, fileUploadLimit: 10 },
};

/** Stubs api.call by route id; returns the spy. */
function stubApi(answers: Record<string, unknown>) {
  return vi.spyOn(api, 'call').mockImplementation(((route: string) => {
    if (!(route in answers)) return Promise.reject(new Error(`unexpected call ${route}`));
    return Promise.resolve(answers[route]);
  }) as never);
}

function withClient(children: ReactNode, seed?: (c: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed?.(client);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('landing prices', () => {
  it('shows the real prices with billing on, and the yearly saving and first-year offer', async () => {
    stubApi({ 'system.config': config(true), 'subscription.plans': plans(true) });
    render(withClient(<PricingSection />));
    expect((await screen.findByTestId('price-pro')).textContent).toContain('$19.90');
    expect(screen.getByTestId('price-free').textContent).toContain('$0');
    expect(screen.getByTestId('plan-free').textContent).toContain('100 files in your library');
    expect(screen.getByText('Save 20%')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Sign up to choose' })).toHaveLength(3);
    fireEvent.click(screen.getByText('Yearly'));
    await waitFor(() => expect(screen.getByTestId('price-pro').textContent).toContain('$15.92'));
    expect(screen.getByTestId('price-pro').textContent).toContain('$191.04 billed yearly');
    expect(screen.getByTestId('first-year-pro').textContent).toBe(
      'First year $95.52 (extra 50% off), then $191.04 a year',
    );
  });

  it('promises no paid plan when this instance does not sell them', async () => {
    const call = stubApi({ 'system.config': config(false), 'subscription.plans': plans(false) });
    render(withClient(<PricingSection />));
    await waitFor(() =>
      expect(screen.getByTestId('pricing-note').textContent).toContain('This instance does not sell plans'),
    );
    expect(screen.queryByTestId('price-pro')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign up to choose' })).toBeNull();
    expect(screen.getAllByText('On the hosted Atelier cloud')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Start for free' })).toBeTruthy();
    // the free card is this instance's offer: no quotas, none of the cloud's free-plan limits
    const free = screen.getByTestId('plan-free');
    expect(free.textContent).toContain('Free on this instance');
    expect(free.textContent).toContain('No file quota in your library');
    expect(free.textContent).not.toContain('100 files');
    expect(call.mock.calls.map((c) => c[0])).not.toContain('subscription.plans');
  });
});

const user = (subscription: Subscription | null, customerId: string | null = null): UserSettings =>
  ({
    uid: 'u1',
    avatar: null,
    name: null,
    nickname: 'Ada',
    email: 'ada@example.com',
    emailVerified: true,
    uiLocale: 'en',
    outputLocale: null,
    customerId,
    subscription,
    hasBetaAccess: true,
    preferences: { disableHoverCard: false },
    onboarding: { settings: 'completed', tour: 'completed' },
    authProviders: [],
    createdAt: '2026-11-01T00:00:00.000Z',
  }) as unknown as UserSettings;

function renderTab(settings: UserSettings) {
  return render(
    withClient(<SubscriptionTab />, (c) => c.setQueryData(apiKey('user.settings.get'), settings)),
  );
}

describe('Settings > Subscription', () => {
  it('on the free plan: chooses a plan and interval and leaves for the hosted checkout', async () => {
    const call = stubApi({
      'subscription.usage': usage,
      'subscription.plans': plans(true),
      'subscription.createCheckoutSession': { url: 'https://checkout.example/c/1' },
    });
    const goTo = vi.spyOn(platform, 'goTo').mockImplementation(() => undefined);
    renderTab(user(null));
    expect(screen.getByTestId('subscription-plan').textContent).toBe('Free');
    expect(screen.queryByTestId('subscription-manage')).toBeNull();
    await screen.findByText('$49.90 / month');
    fireEvent.click(screen.getByTestId('upgrade-plan-max'));
    fireEvent.click(screen.getByText('Yearly'));
    expect(screen.getByTestId('upgrade-price').textContent).toContain('First year $239.52');
    fireEvent.click(screen.getByTestId('subscription-upgrade-button'));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://checkout.example/c/1'));
    expect(call).toHaveBeenCalledWith('subscription.createCheckoutSession', {
      body: { planType: 'max', interval: 'yearly' },
    });
    expect(await screen.findByText('T1 requests')).toBeTruthy();
  });

  it('on a paid plan: status, dates and Manage billing to the portal; no second checkout', async () => {
    stubApi({
      'subscription.usage': usage,
      'subscription.createPortalSession': { url: 'https://billing.example/p/1' },
    });
    const goTo = vi.spyOn(platform, 'goTo').mockImplementation(() => undefined);
    renderTab(
      user(
        {
          subscriptionId: 'sub_1',
          planType: 'pro',
          interval: 'yearly',
          status: 'past_due',
          currentPeriodEnd: '2027-11-27T00:00:00.000Z',
        },
        'cus_1',
      ),
    );
    expect(screen.getByTestId('subscription-plan').textContent).toBe('Pro');
    expect(screen.getByTestId('subscription-status').textContent).toBe('Past due');
    expect(screen.getByTestId('subscription-date').textContent).toBe('Renews on Nov 27, 2027');
    expect(screen.queryByTestId('subscription-upgrade')).toBeNull();
    fireEvent.click(screen.getByTestId('subscription-manage'));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://billing.example/p/1'));
  });

  it('shows the checkout notice once and forgets it when closed', async () => {
    stubApi({ 'subscription.usage': usage, 'subscription.plans': plans(true) });
    useUiStore.setState({ paymentNotice: 'cancel' });
    renderTab(user(null));
    expect(screen.getByTestId('payment-cancel').textContent).toContain('Checkout canceled');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('payment-cancel')).toBeNull());
    expect(useUiStore.getState().paymentNotice).toBeNull();
  });
});
