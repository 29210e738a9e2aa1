/**
 * Billing through Stripe (issue 14): hosted Checkout and the Billing portal, and the signed
 * webhooks that keep the `subscriptions` table in step with Stripe. Only with FEATURE_SUBSCRIPTION
 * on and STRIPE_SECRET_KEY set; otherwise checkout and the portal answer E0003 and webhooks are
 * refused.
 *
 * - One Stripe customer per user: created on the first checkout with an idempotency key derived
 *   from the uid (two racing checkouts get the same customer) and kept in users.customer_id.
 * - Prices are found by lookup key (subscription.plans.ts), never by a configured price id.
 * - A user with a live subscription who asks for checkout again is sent to the portal, where the
 *   plan is changed (Stripe prorates): a second subscription is never started.
 * - Webhooks: each event id is applied once (stripe_events); a subscription row records the
 *   `created` time of the newest event applied to it, and an older event arriving later changes
 *   nothing, so out-of-order deliveries do not roll a subscription back.
 */
import { and, eq, isNull, lte, or } from 'drizzle-orm';
// The Stripe SDK is loaded when billing is first used, not at start (idle RSS, docs/benchmarks.md).
import type Stripe from 'stripe';
import {
  SubscriptionStatusSchema,
  type PlanType,
  type SubscriptionInterval,
  type SubscriptionStatus,
} from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/helpers.js';
import { stripeEvents, subscriptions, users } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { liveSubscription, lookupKey, parseLookupKey } from './subscription.plans.js';

type BillingCtx = Pick<AppContext, 'db' | 'config' | 'clock' | 'log'>;

const clients = new WeakMap<object, Stripe>();

/** The Stripe client of this configuration (STRIPE_API_BASE: a proxy or the tests' fake). */
export async function stripeClient(config: AppContext['config']): Promise<Stripe | null> {
  if (!config.STRIPE_SECRET_KEY) return null;
  const cached = clients.get(config);
  if (cached) return cached;
  const { default: StripeSdk } = await import('stripe');
  const again = clients.get(config); // another caller may have made it while the SDK loaded
  if (again) return again;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const client = new StripeSdk(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  clients.set(config, client);
  return client;
}

async function requireStripe(ctx: BillingCtx): Promise<Stripe> {
  if (!ctx.config.FEATURE_SUBSCRIPTION) throw badRequest('Billing is not enabled on this instance');
  const stripe = await stripeClient(ctx.config);
  if (!stripe) throw badRequest('Billing is not configured on this instance (STRIPE_SECRET_KEY)');
  return stripe;
}

/** A Stripe failure as a catalogue answer (never a 500). */
function providerFailure(ctx: BillingCtx, err: unknown): AppError {
  if (err instanceof AppError) return err;
  ctx.log.warn({ err }, 'stripe request failed');
  return new AppError('E0000', 'The payment provider could not complete the request, please try again later');
}

/** The user's Stripe customer id, creating the customer once. */
async function customerFor(ctx: BillingCtx, stripe: Stripe, uid: string): Promise<string> {
  const [user] = await ctx.db
    .select({ customerId: users.customerId, email: users.email })
    .from(users)
    .where(eq(users.uid, uid));
  if (!user) throw new AppError('E0011', undefined, 401);
  if (user.customerId) return user.customerId;
  const customer = await stripe.customers.create(
    { ...(user.email ? { email: user.email } : {}), metadata: { uid } },
    { idempotencyKey: `atelier-customer-${uid}` },
  );
  await ctx.db
    .update(users)
    .set({ customerId: customer.id })
    .where(and(eq(users.uid, uid), isNull(users.customerId)));
  const [after] = await ctx.db.select({ customerId: users.customerId }).from(users).where(eq(users.uid, uid));
  return after?.customerId ?? customer.id;
}

async function priceId(stripe: Stripe, planType: PlanType, interval: SubscriptionInterval): Promise<string> {
  const key = lookupKey(planType, interval);
  const prices = await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 });
  const price = prices.data[0];
  if (!price) throw badRequest(`No price is set up for ${planType} (${interval}): lookup key ${key}`);
  return price.id;
}

const returnUrl = (ctx: BillingCtx, payment?: 'success' | 'cancel') =>
  `${ctx.config.publicUrl}/settings/subscription${payment ? `?payment=${payment}` : ''}`;

async function portalUrl(ctx: BillingCtx, stripe: Stripe, customer: string): Promise<string> {
  const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl(ctx) });
  return session.url;
}

export async function createCheckoutSession(
  ctx: BillingCtx,
  uid: string,
  planType: Exclude<PlanType, 'free'>,
  interval: SubscriptionInterval,
): Promise<{ url: string }> {
  const stripe = await requireStripe(ctx);
  try {
    const customer = await customerFor(ctx, stripe, uid);
    if (await liveSubscription(ctx, uid)) return { url: await portalUrl(ctx, stripe, customer) };
    const price = await priceId(stripe, planType, interval);
    const coupon = interval === 'yearly' ? ctx.config.STRIPE_FIRST_YEAR_COUPON : undefined;
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: uid,
      line_items: [{ price, quantity: 1 }],
      ...(coupon ? { discounts: [{ coupon }] } : {}),
      metadata: { uid, planType, interval },
      subscription_data: { metadata: { uid, planType, interval } },
      success_url: returnUrl(ctx, 'success'),
      cancel_url: returnUrl(ctx, 'cancel'),
    });
    if (!session.url) throw new Error('checkout session without url');
    return { url: session.url };
  } catch (err) {
    throw providerFailure(ctx, err);
  }
}

export async function createPortalSession(ctx: BillingCtx, uid: string): Promise<{ url: string }> {
  const stripe = await requireStripe(ctx);
  const [user] = await ctx.db.select({ customerId: users.customerId }).from(users).where(eq(users.uid, uid));
  if (!user?.customerId) throw badRequest('There is no billing account yet: choose a plan first');
  try {
    return { url: await portalUrl(ctx, stripe, user.customerId) };
  } catch (err) {
    throw providerFailure(ctx, err);
  }
}

// ---- webhooks ----

/** The fields of a Stripe subscription object the app reads. */
interface StripeSubscriptionObject {
  id: string;
  customer: string | { id: string };
  status: string;
  cancel_at?: number | null;
  /** Cancel when the period ends; Stripe may leave `cancel_at` empty then. */
  cancel_at_period_end?: boolean | null;
  trial_end?: number | null;
  metadata?: Record<string, string> | null;
  items?: {
    data?: Array<{
      current_period_end?: number | null;
      price?: { lookup_key?: string | null; recurring?: { interval?: string } | null } | null;
    }>;
  };
}

interface StripeInvoiceObject {
  subscription?: string | { id: string } | null;
  parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null;
}

interface StripeCheckoutSessionObject {
  mode?: string;
  customer?: string | { id: string } | null;
  client_reference_id?: string | null;
  subscription?: string | { id: string } | null;
  metadata?: Record<string, string> | null;
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
const dateOf = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);

/** The user a Stripe customer belongs to (users.customer_id), else the uid the metadata names. */
async function uidOf(db: DbOrTx, customer: string | null, metadataUid?: string): Promise<string | null> {
  if (customer) {
    const [row] = await db.select({ uid: users.uid }).from(users).where(eq(users.customerId, customer));
    if (row) return row.uid;
  }
  if (metadataUid) {
    const [row] = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, metadataUid));
    if (row) return row.uid;
  }
  return null;
}

/** Writes `sub` as Stripe reported it at `eventAt`, unless a newer event already did. */
async function applySubscription(
  db: DbOrTx,
  sub: StripeSubscriptionObject,
  eventAt: Date,
  forceStatus?: SubscriptionStatus,
): Promise<'applied' | 'stale' | 'unknown'> {
  const customer = idOf(sub.customer);
  const uid = await uidOf(db, customer, sub.metadata?.uid);
  if (!uid || !customer) return 'unknown';
  const item = sub.items?.data?.[0];
  const fromKey = parseLookupKey(item?.price?.lookup_key);
  const fromMeta = parseLookupKey(
    sub.metadata?.planType && sub.metadata.interval
      ? lookupKey(sub.metadata.planType as PlanType, sub.metadata.interval as SubscriptionInterval)
      : null,
  );
  const plan = fromKey ?? fromMeta;
  if (!plan) return 'unknown';
  const parsed = SubscriptionStatusSchema.safeParse(forceStatus ?? sub.status);
  if (!parsed.success) return 'unknown';
  const status = parsed.data;
  const isTrial = status === 'trialing';
  const values = {
    uid,
    customerId: customer,
    planType: plan.planType,
    interval: plan.interval,
    status,
    isTrial,
    cancelAt:
      dateOf(sub.cancel_at) ??
      (sub.cancel_at_period_end ? dateOf(item?.current_period_end) : null) ??
      (isTrial ? dateOf(sub.trial_end) : null),
    currentPeriodEnd: dateOf(item?.current_period_end),
    eventAt,
    updatedAt: eventAt,
  };
  const written = await db
    .insert(subscriptions)
    .values({ subscriptionId: sub.id, ...values })
    .onConflictDoUpdate({
      target: subscriptions.subscriptionId,
      set: values,
      setWhere: lte(subscriptions.eventAt, eventAt),
    })
    .returning({ id: subscriptions.subscriptionId });
  return written.length ? 'applied' : 'stale';
}

/** Sets the status of a known subscription from an invoice event, unless a newer event was applied. */
async function applyInvoiceStatus(
  db: DbOrTx,
  subscriptionId: string,
  status: SubscriptionStatus,
  eventAt: Date,
): Promise<'applied' | 'stale' | 'unknown'> {
  const written = await db
    .update(subscriptions)
    .set({ status, eventAt, updatedAt: eventAt })
    .where(
      and(
        eq(subscriptions.subscriptionId, subscriptionId),
        lte(subscriptions.eventAt, eventAt),
        // a payment never revives an ended subscription
        or(
          eq(subscriptions.status, 'active'),
          eq(subscriptions.status, 'past_due'),
          eq(subscriptions.status, 'unpaid'),
          eq(subscriptions.status, 'incomplete'),
          eq(subscriptions.status, 'trialing'),
        ),
      ),
    )
    .returning({ id: subscriptions.subscriptionId });
  return written.length ? 'applied' : 'stale';
}

/** How far (seconds) a webhook signature's timestamp may be from the app clock, either way. */
const WEBHOOK_TOLERANCE_S = 300;

/**
 * The `t=` timestamp of a Stripe-Signature header, read as the SDK reads it (the last `t=`
 * wins), so the value checked is the one the verified signature covers; null when absent.
 */
function signatureTimestamp(header: string): number | null {
  let timestamp: number | null = null;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') {
      const parsed = Number.parseInt(value ?? '', 10);
      timestamp = Number.isFinite(parsed) ? parsed : null;
    }
  }
  return timestamp;
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored' | 'unknown';

/**
 * Verifies the signature of a webhook body (the raw bytes Stripe signed) and applies the event
 * once. Throws E0003 on a missing or forged signature.
 */
export async function handleWebhook(
  ctx: BillingCtx,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
  const stripe = ctx.config.FEATURE_SUBSCRIPTION ? await stripeClient(ctx.config) : null;
  if (!stripe || !secret) throw badRequest('Billing is not enabled on this instance');
  if (!signature) throw badRequest('Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    // the signature's timestamp is checked against the app's clock (300 s tolerance); the SDK
    // refuses only a timestamp older than that, so one dated further ahead is refused here
    event = stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_S,
      undefined,
      ctx.clock.now(),
    );
  } catch {
    throw badRequest('Invalid webhook signature');
  }
  const signedAt = signatureTimestamp(signature);
  if (signedAt === null || signedAt - Math.floor(ctx.clock.now() / 1000) > WEBHOOK_TOLERANCE_S) {
    throw badRequest('Invalid webhook signature');
  }
  const eventAt = new Date(event.created * 1000);
  const object = event.data.object as unknown;

  return ctx.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(stripeEvents)
      .values({ eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.eventId });
    if (!fresh.length) return 'duplicate';

    switch (event.type) {
      case 'checkout.session.completed': {
        const session = object as StripeCheckoutSessionObject;
        const customer = idOf(session.customer);
        const uid = session.client_reference_id ?? session.metadata?.uid;
        if (customer && uid) {
          // the customer was made for this user at checkout; link it should the update have been lost
          await tx
            .update(users)
            .set({ customerId: customer })
            .where(and(eq(users.uid, uid), isNull(users.customerId)));
        }
        const subscriptionId = idOf(session.subscription);
        if (session.mode !== 'subscription' || !subscriptionId) return 'ignored';
        const sub = (await stripe.subscriptions.retrieve(
          subscriptionId,
        )) as unknown as StripeSubscriptionObject;
        return applySubscription(tx, sub, eventAt);
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed':
      case 'customer.subscription.trial_will_end':
        return applySubscription(tx, object as StripeSubscriptionObject, eventAt);
      case 'customer.subscription.deleted':
        return applySubscription(tx, object as StripeSubscriptionObject, eventAt, 'canceled');
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = object as StripeInvoiceObject;
        const subscriptionId =
          idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
        if (!subscriptionId) return 'ignored';
        return applyInvoiceStatus(
          tx,
          subscriptionId,
          event.type === 'invoice.paid' ? 'active' : 'past_due',
          eventAt,
        );
      }
      default:
        return 'ignored';
    }
  });
}
