/**
 * GET /subscription/plans and GET /subscription/usage. Billing (checkout, portal) is not part of a
 * self-hosted instance; those routes stay unimplemented. Usage reports the caller's meters with the
 * quotas in force (-1: unlimited, which is every quota while FEATURE_SUBSCRIPTION is off).
 */
import type { Plan, TokenMeter } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import { requestsToday, startOfUtcDay } from '../../skills/skill.quota.js';
import { fileParsingMeter, storageMeter } from '../resource/resource.quota.js';
import { PLANS, quotasFor } from './subscription.plans.js';

function presentPlan(p: (typeof PLANS)[keyof typeof PLANS]): Plan {
  return {
    planType: p.planType,
    t1CountQuota: p.t1CountQuota,
    t2CountQuota: p.t2CountQuota,
    t1TokenQuota: -1,
    t2TokenQuota: -1,
    fileCountQuota: p.fileCountQuota,
    objectStorageQuota: String(p.objectStorageQuota),
    vectorStorageQuota: String(p.vectorStorageQuota),
  };
}

/**
 * Model requests of today (UTC) by tier: skill runs (action results, every version) that used a
 * model of that tier.
 */
async function tokenMeter(ctx: AppContext, uid: string): Promise<TokenMeter> {
  const quotas = await quotasFor(ctx, uid);
  const start = startOfUtcDay(ctx.clock.date());
  const end = new Date(start.getTime() + 86_400_000);
  const used = await requestsToday(ctx, uid, start);
  return {
    meterId: `tm-${uid}-${start.toISOString().slice(0, 10)}`,
    uid,
    subscriptionId: null,
    startAt: start.toISOString(),
    endAt: end.toISOString(),
    t1CountQuota: quotas.t1CountQuota,
    t1CountUsed: used.t1,
    t2CountQuota: quotas.t2CountQuota,
    t2CountUsed: used.t2,
    t1TokenQuota: -1,
    t1TokenUsed: 0,
    t2TokenQuota: -1,
    t2TokenUsed: 0,
  };
}

export function subscriptionHandlers(ctx: AppContext): Handlers {
  return {
    'subscription.plans': async () => Object.values(PLANS).map(presentPlan),
    'subscription.usage': async ({ user }) => {
      const [token, storage, fileParsing] = await Promise.all([
        tokenMeter(ctx, user.uid),
        storageMeter(ctx, user.uid),
        fileParsingMeter(ctx, user.uid),
      ]);
      return { token, storage, fileParsing };
    },
  };
}
