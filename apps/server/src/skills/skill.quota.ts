/**
 * Daily model-request quotas per tier, enforced when FEATURE_SUBSCRIPTION is on (a self-hosted
 * instance with it off has none). Every run or rerun of a model of tier t1 / t2 is one request;
 * the count is the caller's result versions of that tier since 00:00 UTC on the app's clock (their
 * `createdAt` is written from the same clock), so it resets daily.
 * Past the quota → E2002; a tier the plan may not use at all (quota 0) → E2003. Models of tier
 * `free` (and untiered ones) are not counted. The plans are those of modules/subscription (free:
 * 5 t1 and 50 t2 requests a day; every user is on it until billing exists), and GET
 * /subscription/usage counts the same rows.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { ModelTier } from '@atelier/contract';
import type { AppContext } from '../context.js';
import { actionResults } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import { withQuotaLock } from '../lib/quota-lock.js';
import { quotasFor } from '../modules/subscription/subscription.plans.js';

export function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** The caller's t1 and t2 model requests since 00:00 UTC (the quota check and the usage meter). */
export async function requestsToday(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  uid: string,
  dayStart: Date = startOfUtcDay(ctx.clock.date()),
): Promise<{ t1: number; t2: number }> {
  const [row] = await ctx.db
    .select({
      t1: sql<number>`count(*) FILTER (WHERE ${actionResults.tier} = 't1')::int`,
      t2: sql<number>`count(*) FILTER (WHERE ${actionResults.tier} = 't2')::int`,
    })
    .from(actionResults)
    .where(and(eq(actionResults.uid, uid), gte(actionResults.createdAt, dayStart)));
  return { t1: Number(row?.t1 ?? 0), t2: Number(row?.t2 ?? 0) };
}

/** Throws E2003 / E2002 when `uid` may not start another request of `tier` today. */
export async function checkRequestQuota(
  ctx: AppContext,
  uid: string,
  tier: ModelTier | null | undefined,
): Promise<void> {
  if (!ctx.config.FEATURE_SUBSCRIPTION) return;
  if (tier !== 't1' && tier !== 't2') return;
  const quotas = await quotasFor(ctx, uid);
  if (!quotas.enforced) return;
  const quota = tier === 't1' ? quotas.t1CountQuota : quotas.t2CountQuota;
  if (quota < 0) return;
  if (quota === 0) throw new AppError('E2003', `Your plan does not include ${tier.toUpperCase()} models`);
  const used = (await requestsToday(ctx, uid))[tier];
  if (used >= quota) {
    throw new AppError(
      'E2002',
      `${used} of ${quota} ${tier.toUpperCase()} requests used today; the quota resets at 00:00 UTC`,
    );
  }
}

/**
 * Runs `fn` (the quota check and the insert of the result version that takes the slot) one at a
 * time per user and tier-counted request, on this instance and across instances, so two runs
 * cannot both take the last request of the day. Runs that are not counted do not wait.
 */
export function withRequestSlot<T>(
  ctx: AppContext,
  uid: string,
  tier: ModelTier | null | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  if (!ctx.config.FEATURE_SUBSCRIPTION || (tier !== 't1' && tier !== 't2')) return fn();
  return withQuotaLock(ctx, `requests:${uid}`, fn);
}
