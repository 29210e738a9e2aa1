/**
 * Billing: a user's Stripe subscriptions as the signed webhooks last reported them, and the ids of
 * the webhook events already applied (a resent event is ignored). The Stripe customer id lives on
 * users.customer_id.
 */
import { index, pgTable, text, timestamp, boolean } from 'drizzle-orm/pg-core';
import type { PlanType, SubscriptionInterval, SubscriptionStatus } from '@atelier/contract';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const subscriptions = pgTable(
  'subscriptions',
  {
    /** Stripe's subscription id (sub_…). */
    subscriptionId: text('subscription_id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    planType: text('plan_type').$type<PlanType>().notNull(),
    interval: text('interval').$type<SubscriptionInterval>(),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    isTrial: boolean('is_trial').notNull().default(false),
    /** When the subscription ends (cancel_at, or the trial's end while trialing). */
    cancelAt: ts('cancel_at'),
    currentPeriodEnd: ts('current_period_end'),
    /** `created` of the newest Stripe event applied: an older event arriving late changes nothing. */
    eventAt: ts('event_at').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('subscriptions_uid_idx').on(t.uid)],
);

export const stripeEvents = pgTable('stripe_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});
