/**
 * THE plan configuration (spec sections 1, 3 "Subscription and usage", 9): every plan's quotas and
 * prices, documented in docs/configuration.md. Quotas apply only when the subscription feature
 * flag (FEATURE_SUBSCRIPTION) is on, as on the hosted service; a self-hosted instance with it off
 * has no plan limits. With it on, a user's plan is that of their live Stripe subscription
 * (active, trialing or past_due, as the signed webhooks last reported it), else free. -1 means
 * unlimited.
 *
 * Prices are in US cents. Stripe's own prices are found by lookup key, `atelier_<plan>_<interval>`
 * (e.g. atelier_pro_yearly): what a customer pays is what Stripe holds under that key; the amounts
 * here are what the landing page and Settings show, so keep both the same. Yearly is 12 months
 * less 20 %; the first year of a yearly plan is another 50 % off (a Stripe coupon,
 * STRIPE_FIRST_YEAR_COUPON), reverting to the yearly price from year 2.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PlanType, Subscription, SubscriptionInterval, SubscriptionStatus } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { subscriptions } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/helpers.js';

export interface PlanQuotas {
  planType: PlanType;
  /** Model requests per day by tier. */
  t1CountQuota: number;
  t2CountQuota: number;
  /** Library items (resources). */
  fileCountQuota: number;
  /** Bytes of stored files and parsed text. */
  objectStorageQuota: number;
  /** Bytes of embeddings. */
  vectorStorageQuota: number;
  /** Largest single upload, in bytes. */
  fileUploadLimitBytes: number;
  /** Pages of advanced (external provider) PDF parsing per UTC day. */
  dailyParsePages: number;
  /** US cents per month on the monthly interval; 0 for free. */
  monthlyPrice: number;
}

export const CURRENCY = 'usd';
/** Yearly billing: 12 months less this share. */
export const YEARLY_DISCOUNT = 0.2;
/** Extra share off the first year of a yearly plan. */
export const FIRST_YEAR_DISCOUNT = 0.5;

/** US cents a year on the yearly interval. */
export function yearlyPrice(plan: PlanQuotas): number {
  return Math.round(plan.monthlyPrice * 12 * (1 - YEARLY_DISCOUNT));
}

export function lookupKey(planType: PlanType, interval: SubscriptionInterval): string {
  return `atelier_${planType}_${interval}`;
}

/** The plan and interval a Stripe price's lookup key names, or null for a key that is not ours. */
export function parseLookupKey(
  key: string | null | undefined,
): { planType: PlanType; interval: SubscriptionInterval } | null {
  const m = /^atelier_(plus|pro|max|ultra)_(monthly|yearly)$/.exec(key ?? '');
  return m ? { planType: m[1] as PlanType, interval: m[2] as SubscriptionInterval } : null;
}

/** Statuses in which the subscription's plan applies (past_due: while Stripe retries the payment). */
export const LIVE_STATUSES: SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

const MB = 1024 * 1024;
const GB = 1024 * MB;

export const PLANS: Record<PlanType, PlanQuotas> = {
  free: {
    planType: 'free',
    t1CountQuota: 5,
    t2CountQuota: 50,
    fileCountQuota: 100,
    objectStorageQuota: 1 * GB,
    vectorStorageQuota: 100 * MB,
    fileUploadLimitBytes: 10 * MB,
    dailyParsePages: 100,
    monthlyPrice: 0,
  },
  plus: {
    planType: 'plus',
    t1CountQuota: 50,
    t2CountQuota: 500,
    fileCountQuota: 1000,
    objectStorageQuota: 10 * GB,
    vectorStorageQuota: 1 * GB,
    fileUploadLimitBytes: 30 * MB,
    dailyParsePages: 500,
    monthlyPrice: 990,
  },
  pro: {
    planType: 'pro',
    t1CountQuota: 200,
    t2CountQuota: 2000,
    fileCountQuota: 5000,
    objectStorageQuota: 50 * GB,
    vectorStorageQuota: 5 * GB,
    fileUploadLimitBytes: 50 * MB,
    dailyParsePages: 2000,
    monthlyPrice: 1990,
  },
  max: {
    planType: 'max',
    t1CountQuota: 1000,
    t2CountQuota: -1,
    fileCountQuota: 20000,
    objectStorageQuota: 200 * GB,
    vectorStorageQuota: 20 * GB,
    fileUploadLimitBytes: 100 * MB,
    dailyParsePages: 10000,
    monthlyPrice: 4990,
  },
  ultra: {
    planType: 'ultra',
    t1CountQuota: -1,
    t2CountQuota: -1,
    fileCountQuota: -1,
    objectStorageQuota: -1,
    vectorStorageQuota: -1,
    fileUploadLimitBytes: 200 * MB,
    dailyParsePages: -1,
    monthlyPrice: 9990,
  },
};

/** No limits: the flag is off (self-hosted). */
export const UNLIMITED: Omit<PlanQuotas, 'planType' | 'fileUploadLimitBytes' | 'monthlyPrice'> = {
  t1CountQuota: -1,
  t2CountQuota: -1,
  fileCountQuota: -1,
  objectStorageQuota: -1,
  vectorStorageQuota: -1,
  dailyParsePages: -1,
};

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export function presentSubscription(row: SubscriptionRow): Subscription {
  return {
    subscriptionId: row.subscriptionId,
    planType: row.planType,
    ...(row.interval ? { interval: row.interval } : {}),
    status: row.status,
    isTrial: row.isTrial,
    ...(row.cancelAt ? { cancelAt: row.cancelAt.toISOString() } : {}),
    ...(row.currentPeriodEnd ? { currentPeriodEnd: row.currentPeriodEnd.toISOString() } : {}),
  };
}

/** The user's live subscription (the newest one, should Stripe hold several), or null. */
export async function liveSubscription(ctx: { db: DbOrTx }, uid: string): Promise<SubscriptionRow | null> {
  const [row] = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.uid, uid), inArray(subscriptions.status, LIVE_STATUSES)))
    .orderBy(desc(subscriptions.eventAt))
    .limit(1);
  return row ?? null;
}

/**
 * The quotas in force for `uid`: with the flag on, those of the plan of their live subscription
 * (read from the database, so every instance agrees) or free; with it off, none. The file size
 * limit never exceeds UPLOAD_MAX_BYTES.
 */
export async function quotasFor(
  ctx: Pick<AppContext, 'db' | 'config'>,
  uid: string,
): Promise<PlanQuotas & { enforced: boolean }> {
  const max = ctx.config.UPLOAD_MAX_BYTES;
  if (!ctx.config.FEATURE_SUBSCRIPTION)
    return { planType: 'free', ...UNLIMITED, fileUploadLimitBytes: max, monthlyPrice: 0, enforced: false };
  const live = await liveSubscription(ctx, uid);
  const plan = PLANS[live?.planType ?? 'free'];
  return { ...plan, fileUploadLimitBytes: Math.min(plan.fileUploadLimitBytes, max), enforced: true };
}
