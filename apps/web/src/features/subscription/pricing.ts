/**
 * Prices, saving and usage shares as the landing page and Settings > Subscription show them
 * (spec section 9): yearly billing saves 20 % on 12 months, the first year of a yearly plan is
 * another 50 % off, and the price reverts to the yearly price from year two. Amounts come from
 * /subscription/plans (smallest currency unit); the first-year share mirrors the server's
 * FIRST_YEAR_DISCOUNT (subscription.plans.ts).
 */
import type { Plan, SubscriptionInterval, SubscriptionStatus } from '@atelier/contract';

/** Extra share off the first year of a yearly plan (server: FIRST_YEAR_DISCOUNT). */
export const FIRST_YEAR_DISCOUNT = 0.5;

export interface PlanPrice {
  /** What a month costs on this interval (yearly: the year over 12), smallest unit. */
  perMonth: number;
  /** What one billing period costs (a month or a year). */
  billed: number;
  /** Yearly only: the first year's price, and the whole share saved against 12 monthly payments. */
  firstYear?: number;
  savingPercent?: number;
}

export function planPrice(plan: Plan, interval: SubscriptionInterval): PlanPrice | null {
  const prices = plan.prices;
  if (!prices || prices.monthly === undefined) return null;
  if (interval === 'monthly') return { perMonth: prices.monthly, billed: prices.monthly };
  if (prices.yearly === undefined) return null;
  const twelve = prices.monthly * 12;
  return {
    perMonth: Math.round(prices.yearly / 12),
    billed: prices.yearly,
    firstYear: Math.round(prices.yearly * (1 - FIRST_YEAR_DISCOUNT)),
    savingPercent: twelve > 0 ? Math.round((1 - prices.yearly / twelve) * 100) : 0,
  };
}

/** The best yearly saving of the paid plans (for the switch's badge), or null without prices. */
export function bestYearlySaving(plans: readonly Plan[]): number | null {
  let best: number | null = null;
  for (const p of plans) {
    const saving = planPrice(p, 'yearly')?.savingPercent;
    if (saving !== undefined && saving > 0 && (best === null || saving > best)) best = saving;
  }
  return best;
}

/** Whether the plans carry prices (billing on). */
export const hasPrices = (plans: readonly Plan[] | undefined): plans is Plan[] =>
  !!plans && plans.some((p) => p.prices?.monthly !== undefined);

/** An amount in the smallest unit of `currency` (cents), e.g. "$9.90", "US$9.90" in zh-CN. */
export function formatMoney(amount: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: amount % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount / 100);
}

/** How a status reads: ok (the plan applies), warning (action needed), ended. */
export function statusTone(status: SubscriptionStatus): 'success' | 'processing' | 'warning' | 'default' {
  switch (status) {
    case 'active':
      return 'success';
    case 'trialing':
      return 'processing';
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
    case 'paused':
      return 'warning';
    default:
      return 'default';
  }
}

/** Share of a quota used, 0–100; null when the quota is unlimited (-1) or absent. */
export function usedPercent(used: number, quota: number): number | null {
  if (quota < 0) return null;
  if (quota === 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.round((used / quota) * 100));
}

/** The least share of the track a bar of some (non-zero) use is drawn at, so it never looks empty. */
export const MIN_BAR_PERCENT = 2;

/**
 * How much of a usage bar's track (0–100) the used part fills: its share of the quota, at least
 * MIN_BAR_PERCENT when anything is used (7 of 5,000 files is 0.14 %: it would not show); with an
 * unlimited quota a nominal tenth when anything is used.
 */
export function barPercent(used: number, quota: number): number {
  if (used <= 0) return 0;
  const pct = usedPercent(used, quota);
  return pct === null ? 10 : Math.max(MIN_BAR_PERCENT, pct);
}

/** Byte counts (strings from bigint columns) as a short size, e.g. "1.5 GB". */
export function formatBytes(value: string | number): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(n) || n < 0) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${i === 0 ? v : Number(v.toFixed(v >= 10 ? 0 : 1))} ${units[i]}`;
}

/** `?payment=success|cancel` of the checkout's return address, or null. */
export function paymentOutcome(search: string): 'success' | 'cancel' | null {
  const v = new URLSearchParams(search).get('payment');
  return v === 'success' || v === 'cancel' ? v : null;
}
