/**
 * The subscription routes. Plans (with prices while billing is on), the caller's usage meters with
 * the quotas in force (-1: unlimited, which is every quota while FEATURE_SUBSCRIPTION is off), the
 * models their plan lets them use, and Stripe's hosted checkout and billing portal
 * (subscription.billing.ts; E0003 with the feature off or Stripe unconfigured).
 */
import type { ModelInfo, Plan, TokenMeter } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import { requestsToday, startOfUtcDay } from '../../skills/skill.quota.js';
import { ProviderItemService } from '../provider/provider.items.js';
import { fileParsingMeter, storageMeter } from '../resource/resource.quota.js';
import { createCheckoutSession, createPortalSession } from './subscription.billing.js';
import {
  CURRENCY,
  PLANS,
  liveSubscription,
  quotasFor,
  yearlyPrice,
  type PlanQuotas,
} from './subscription.plans.js';

function presentPlan(p: PlanQuotas, billing: boolean): Plan {
  return {
    ...(billing ? { prices: { currency: CURRENCY, monthly: p.monthlyPrice, yearly: yearlyPrice(p) } } : {}),
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
  const [used, live] = await Promise.all([requestsToday(ctx, uid, start), liveSubscription(ctx, uid)]);
  return {
    meterId: `tm-${uid}-${start.toISOString().slice(0, 10)}`,
    uid,
    subscriptionId: ctx.config.FEATURE_SUBSCRIPTION ? (live?.subscriptionId ?? null) : null,
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
  const items = new ProviderItemService(ctx.db, ctx.providers);
  return {
    'subscription.plans': async () =>
      Object.values(PLANS).map((p) => presentPlan(p, ctx.config.FEATURE_SUBSCRIPTION)),
    'subscription.createCheckoutSession': async ({ user, body }) =>
      createCheckoutSession(ctx, user.uid, body.planType, body.interval),
    'subscription.createPortalSession': async ({ user }) => createPortalSession(ctx, user.uid),
    // The caller's enabled chat models their plan includes (a tier with quota 0 is not included).
    'subscription.modelList': async ({ user }) => {
      const [quotas, usable] = await Promise.all([
        quotasFor(ctx, user.uid),
        items.list(user.uid, { category: 'llm', enabled: true }),
      ]);
      return usable
        .filter(({ item }) =>
          item.tier === 't1'
            ? quotas.t1CountQuota !== 0
            : item.tier === 't2'
              ? quotas.t2CountQuota !== 0
              : true,
        )
        .map(({ item, provider }): ModelInfo => {
          const config = (item.config ?? {}) as {
            modelId?: string;
            modelName?: string;
            contextLimit?: number;
            maxOutput?: number;
            capabilities?: ModelInfo['capabilities'];
          };
          return {
            name: config.modelId ?? item.name,
            label: config.modelName ?? item.name,
            providerKey: provider.providerKey,
            providerItemId: item.itemId,
            tier: item.tier,
            contextLimit: config.contextLimit ?? null,
            maxOutput: config.maxOutput ?? null,
            capabilities: config.capabilities ?? null,
          };
        });
    },
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
