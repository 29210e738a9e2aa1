/**
 * Plans and their quotas (spec sections 1 and 3 "Subscription and usage"). Quotas apply only when
 * the subscription feature flag (FEATURE_SUBSCRIPTION) is on, as on the hosted service; a
 * self-hosted instance with it off has no plan limits. There is no billing yet, so every account
 * is on the free plan while the flag is on. -1 means unlimited.
 */
import type { PlanType } from '@atelier/contract';
import type { AppContext } from '../../context.js';

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
}

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
  },
};

/** No limits: the flag is off (self-hosted). */
export const UNLIMITED: Omit<PlanQuotas, 'planType' | 'fileUploadLimitBytes'> = {
  t1CountQuota: -1,
  t2CountQuota: -1,
  fileCountQuota: -1,
  objectStorageQuota: -1,
  vectorStorageQuota: -1,
  dailyParsePages: -1,
};

/**
 * The quotas in force for `uid`: their plan's with the flag on (free: there is no billing yet),
 * else none. The file size limit never exceeds UPLOAD_MAX_BYTES.
 */
export async function quotasFor(ctx: AppContext, _uid: string): Promise<PlanQuotas & { enforced: boolean }> {
  const max = ctx.config.UPLOAD_MAX_BYTES;
  if (!ctx.config.FEATURE_SUBSCRIPTION)
    return { planType: 'free', ...UNLIMITED, fileUploadLimitBytes: max, enforced: false };
  const plan = PLANS.free;
  return { ...plan, fileUploadLimitBytes: Math.min(plan.fileUploadLimitBytes, max), enforced: true };
}
