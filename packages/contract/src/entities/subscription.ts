/** Subscriptions, plans, usage meters and checkout (spec sections 3 "Subscription and usage", 4, 9). */
import { z } from 'zod';
import { TimestampSchema } from './common.js';

export const PlanTypeSchema = z.enum(['free', 'plus', 'pro', 'max', 'ultra']);
export type PlanType = z.infer<typeof PlanTypeSchema>;

export const SubscriptionIntervalSchema = z.enum(['monthly', 'yearly']);
export type SubscriptionInterval = z.infer<typeof SubscriptionIntervalSchema>;

export const SubscriptionStatusSchema = z.enum([
  'active',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
]);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const SubscriptionSchema = z.object({
  subscriptionId: z.string(),
  planType: PlanTypeSchema,
  interval: SubscriptionIntervalSchema.optional(),
  status: SubscriptionStatusSchema,
  isTrial: z.boolean().optional(),
  /** Set when the subscription ends at that date (or the trial does). */
  cancelAt: TimestampSchema.optional(),
  /** The end of the current billing period: when it renews, unless it ends at cancelAt first. */
  currentPeriodEnd: TimestampSchema.optional(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const PlanSchema = z.object({
  planType: PlanTypeSchema,
  /** Model requests per period; -1 means unlimited. */
  t1CountQuota: z.number().int(),
  t2CountQuota: z.number().int(),
  /** Deprecated token quotas, kept for old clients. */
  t1TokenQuota: z.number().int(),
  t2TokenQuota: z.number().int(),
  /** Files in the library; -1 means unlimited. */
  fileCountQuota: z.number().int(),
  /** Bytes of stored files and of embeddings, as strings (bigint). */
  objectStorageQuota: z.string(),
  vectorStorageQuota: z.string(),
  /** Prices in the smallest currency unit, when billing is on. */
  prices: z
    .object({
      currency: z.string(),
      monthly: z.number().int().optional(),
      yearly: z.number().int().optional(),
    })
    .optional(),
});
export type Plan = z.infer<typeof PlanSchema>;

export const TokenMeterSchema = z.object({
  meterId: z.string(),
  uid: z.string(),
  subscriptionId: z.string().nullish(),
  startAt: TimestampSchema,
  endAt: TimestampSchema.nullish(),
  t1CountQuota: z.number().int(),
  t1CountUsed: z.number().int(),
  t2CountQuota: z.number().int(),
  t2CountUsed: z.number().int(),
  /** Deprecated. */
  t1TokenQuota: z.number().int(),
  t1TokenUsed: z.number().int(),
  t2TokenQuota: z.number().int(),
  t2TokenUsed: z.number().int(),
});
export type TokenMeter = z.infer<typeof TokenMeterSchema>;

/** Byte sizes are strings (bigint columns). */
export const StorageMeterSchema = z.object({
  meterId: z.string(),
  uid: z.string(),
  subscriptionId: z.string().nullish(),
  fileCountUsed: z.number().int(),
  fileCountQuota: z.number().int(),
  objectStorageQuota: z.string(),
  objectStorageUsed: z.string(),
  vectorStorageQuota: z.string(),
  vectorStorageUsed: z.string(),
});
export type StorageMeter = z.infer<typeof StorageMeterSchema>;

export const FileParsingMeterSchema = z.object({
  pagesParsed: z.number().int(),
  /** Pages of advanced parsing per day; -1 means unlimited. */
  pagesLimit: z.number().int(),
  /** Largest upload, in MB. */
  fileUploadLimit: z.number(),
});
export type FileParsingMeter = z.infer<typeof FileParsingMeterSchema>;

export const UsageSchema = z.object({
  token: TokenMeterSchema,
  storage: StorageMeterSchema,
  fileParsing: FileParsingMeterSchema,
});
export type Usage = z.infer<typeof UsageSchema>;

export const CreateCheckoutSessionSchema = z.object({
  planType: PlanTypeSchema.exclude(['free']),
  interval: SubscriptionIntervalSchema.default('monthly'),
});
export type CreateCheckoutSession = z.infer<typeof CreateCheckoutSessionSchema>;

/** Hosted checkout or billing-portal page to send the browser to. */
export const SessionUrlSchema = z.object({ url: z.string() });
