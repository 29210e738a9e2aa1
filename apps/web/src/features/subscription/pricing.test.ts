import { beforeAll, describe, expect, it } from 'vitest';
import type { Plan, Subscription, SubscriptionStatus, Usage } from '@atelier/contract';
import { SubscriptionStatusSchema } from '@atelier/contract';
import { offersUpgrade } from '../../components/errorToast/toastRules';
import { i18n, initI18n } from '../../i18n/i18n';
import {
  barPercent,
  bestYearlySaving,
  formatBytes,
  formatMoney,
  hasPrices,
  MIN_BAR_PERCENT,
  paymentOutcome,
  planPrice,
  statusTone,
  usedPercent,
} from './pricing';
import { subscriptionDateLine } from './SubscriptionTab';
import { meterRows } from './UsageCharts';

beforeAll(() => {
  initI18n('en');
});

const plan = (planType: Plan['planType'], monthly: number | null): Plan => ({
  planType,
  t1CountQuota: 5,
  t2CountQuota: 50,
  t1TokenQuota: -1,
  t2TokenQuota: -1,
  fileCountQuota: 100,
  objectStorageQuota: '1024',
  vectorStorageQuota: '1024',
  ...(monthly === null
    ? {}
    : { prices: { currency: 'usd', monthly, yearly: Math.round(monthly * 12 * 0.8) } }),
});

describe('plan prices (spec section 9)', () => {
  it('monthly is the monthly price; yearly saves 20% with another 50% off the first year', () => {
    const pro = plan('pro', 1990);
    expect(planPrice(pro, 'monthly')).toEqual({ perMonth: 1990, billed: 1990 });
    expect(planPrice(pro, 'yearly')).toEqual({
      perMonth: 1592,
      billed: 19104,
      firstYear: 9552,
      savingPercent: 20,
    });
  });

  it('has no price without billing, and the badge shows the best saving', () => {
    expect(planPrice(plan('pro', null), 'monthly')).toBeNull();
    expect(hasPrices([plan('free', null), plan('pro', null)])).toBe(false);
    const priced = [plan('free', 0), plan('plus', 990), plan('pro', 1990)];
    expect(hasPrices(priced)).toBe(true);
    expect(bestYearlySaving(priced)).toBe(20);
    expect(bestYearlySaving([plan('free', 0)])).toBeNull();
  });

  it('formats cents in the reader’s locale', () => {
    expect(formatMoney(990, 'usd', 'en')).toBe('$9.90');
    expect(formatMoney(1000, 'usd', 'en')).toBe('$10');
    expect(formatMoney(9552, 'usd', 'zh-CN')).toBe('US$95.52');
  });
});

describe('subscription status and dates', () => {
  it('gives each of the 8 statuses a tone and a readable label in both languages', async () => {
    const tones: Record<SubscriptionStatus, string> = {
      active: 'success',
      trialing: 'processing',
      past_due: 'warning',
      unpaid: 'warning',
      incomplete: 'warning',
      paused: 'warning',
      canceled: 'default',
      incomplete_expired: 'default',
    };
    for (const status of SubscriptionStatusSchema.options) {
      expect(statusTone(status)).toBe(tones[status]);
      for (const lng of ['en', 'zh-CN']) {
        await i18n.changeLanguage(lng);
        const label = i18n.t(`subscription.status.${status}`);
        expect(label).not.toBe(`subscription.status.${status}`);
        expect(i18n.t(`subscription.statusHint.${status}`)).not.toContain('statusHint');
      }
    }
    await i18n.changeLanguage('en');
    expect(i18n.t('subscription.status.past_due')).toBe('Past due');
  });

  it('shows the trial end, else the cancel date, else the renewal', () => {
    const base: Subscription = { subscriptionId: 'sub_1', planType: 'pro', status: 'active' };
    expect(subscriptionDateLine(null)).toBeNull();
    expect(subscriptionDateLine(base)).toBeNull();
    expect(
      subscriptionDateLine({
        ...base,
        status: 'trialing',
        isTrial: true,
        cancelAt: '2026-12-10T00:00:00.000Z',
      }),
    ).toEqual({ kind: 'trialEnds', at: '2026-12-10T00:00:00.000Z' });
    expect(
      subscriptionDateLine({
        ...base,
        cancelAt: '2027-01-01T00:00:00.000Z',
        currentPeriodEnd: '2026-12-27T00:00:00.000Z',
      }),
    ).toEqual({ kind: 'endsOn', at: '2027-01-01T00:00:00.000Z' });
    expect(subscriptionDateLine({ ...base, currentPeriodEnd: '2026-12-27T00:00:00.000Z' })).toEqual({
      kind: 'renewsOn',
      at: '2026-12-27T00:00:00.000Z',
    });
    // an ended subscription does not renew
    expect(
      subscriptionDateLine({ ...base, status: 'canceled', currentPeriodEnd: '2026-12-27T00:00:00.000Z' }),
    ).toBeNull();
  });

  it('reads the checkout outcome from the return address only', () => {
    expect(paymentOutcome('?payment=success')).toBe('success');
    expect(paymentOutcome('?payment=cancel&x=1')).toBe('cancel');
    expect(paymentOutcome('?payment=refund')).toBeNull();
    expect(paymentOutcome('')).toBeNull();
  });
});

describe('usage', () => {
  it('computes shares, with unlimited quotas drawn as no share', () => {
    expect(usedPercent(2, 5)).toBe(40);
    expect(usedPercent(9, 5)).toBe(100);
    expect(usedPercent(3, -1)).toBeNull();
    expect(usedPercent(0, 0)).toBe(0);
    expect(formatBytes('1610612736')).toBe('1.5 GB');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes('104857600')).toBe('100 MB');
  });

  it('draws any use as a visible bar, however large the quota', () => {
    expect(barPercent(0, 5000)).toBe(0);
    expect(barPercent(7, 5000)).toBe(MIN_BAR_PERCENT);
    expect(barPercent(2, 5)).toBe(40);
    expect(barPercent(9, 5)).toBe(100);
    expect(barPercent(3, -1)).toBe(10);
    expect(barPercent(0, -1)).toBe(0);
  });

  it('turns the three meters into chart rows', () => {
    const usage: Usage = {
      token: {
        meterId: 'm',
        uid: 'u',
        startAt: '2026-11-27T00:00:00.000Z',
        t1CountQuota: 5,
        t1CountUsed: 2,
        t2CountQuota: 50,
        t2CountUsed: 7,
        t1TokenQuota: -1,
        t1TokenUsed: 0,
        t2TokenQuota: -1,
        t2TokenUsed: 0,
      },
      storage: {
        meterId: 's',
        uid: 'u',
        fileCountUsed: 3,
        fileCountQuota: 100,
        objectStorageQuota: '1073741824',
        objectStorageUsed: '1048576',
        vectorStorageQuota: '-1',
        vectorStorageUsed: '0',
      },
      fileParsing: { pagesParsed: 4, pagesLimit: 100, fileUploadLimit: 10 },
    };
    const rows = meterRows(usage, i18n.t).flat();
    expect(rows.map((r) => [r.key, r.used, r.quota])).toEqual([
      ['t1', 2, 5],
      ['t2', 7, 50],
      ['files', 3, 100],
      ['object', 1048576, 1073741824],
      ['vector', 0, -1],
      ['pages', 4, 100],
    ]);
    expect(rows[0]!.label).toBe('T1 requests');
    expect(rows[3]!.format(rows[3]!.quota)).toBe('1 GB');
    // counts in the reader's digits
    expect(rows[2]!.format(5000)).toBe('5,000');
    expect(meterRows(usage, i18n.t, 'de')[1]![0]!.format(20000)).toBe('20.000');
  });
});

describe('upgrade prompts on quota errors', () => {
  it('offers Upgrade on E2001 and E2002 only with billing on and someone signed in', () => {
    const on = { billing: true, signedIn: true };
    expect(offersUpgrade({ code: 'E2001' }, on)).toBe(true);
    expect(offersUpgrade({ code: 'E2002' }, on)).toBe(true);
    expect(offersUpgrade({ code: 'E0003' }, on)).toBe(false);
    expect(offersUpgrade({ code: 'E2002' }, { billing: false, signedIn: true })).toBe(false);
    expect(offersUpgrade({ code: 'E2002' }, { billing: true, signedIn: false })).toBe(false);
  });
});
