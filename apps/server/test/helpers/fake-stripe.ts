/**
 * A fake Stripe API on 127.0.0.1 for the `stripe` SDK (STRIPE_API_BASE points at it): form-encoded
 * requests as the SDK sends them, JSON answers of Stripe's shapes. It knows customers (with
 * Idempotency-Key replays answering the first customer), prices found by lookup key, Checkout and
 * Billing-portal sessions, and subscriptions the tests put in `subscriptions`. Every request is
 * recorded. `signWebhook` builds a webhook body and its Stripe-Signature header the way Stripe
 * signs them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const FAKE_STRIPE_KEY = 'sk_test_fake';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_secret';

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
}

export interface FakeStripe {
  url: string;
  requests: FakeStripeRequest[];
  /** Lookup key → price id. Defaults: every `atelier_<plan>_<interval>`. */
  prices: Map<string, string>;
  /** Subscriptions `GET /v1/subscriptions/:id` answers. */
  subscriptions: Map<string, Record<string, unknown>>;
  /** Requests to a path starting with this answer 500 (the provider failing). */
  failPath: string | null;
  close(): Promise<void>;
}

/** The bracketed form params of a request (`line_items[0][price]`) as flat keys. */
function parseForm(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) out[k] = v;
  return out;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  let seq = 0;
  const next = (prefix: string) => `${prefix}_${(++seq).toString().padStart(6, '0')}`;
  const idempotent = new Map<string, unknown>();
  const prices = new Map<string, string>();
  for (const plan of ['plus', 'pro', 'max', 'ultra'])
    for (const interval of ['monthly', 'yearly']) prices.set(`atelier_${plan}_${interval}`, next('price'));

  const state: Omit<FakeStripe, 'url' | 'close'> = {
    requests: [],
    prices,
    subscriptions: new Map(),
    failPath: null,
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const params = { ...parseForm(url.search.slice(1)), ...parseForm(Buffer.concat(chunks).toString()) };
      state.requests.push({ method: req.method ?? 'GET', path: url.pathname, params, headers: req.headers });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': next('req') });
        res.end(JSON.stringify(body));
      };
      const missing = (what: string) =>
        send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
        });
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (state.failPath && url.pathname.startsWith(state.failPath)) {
        return send(500, { error: { type: 'api_error', message: 'Something went wrong on our end' } });
      }
      const key = req.headers['idempotency-key'];
      const replay = typeof key === 'string' && req.method === 'POST' ? idempotent.get(key) : undefined;
      if (replay) return send(200, replay);
      const remember = (body: unknown) => {
        if (typeof key === 'string' && req.method === 'POST') idempotent.set(key, body);
        return send(200, body);
      };

      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        return remember({ id: next('cus'), object: 'customer', email: params.email ?? null });
      }
      if (req.method === 'GET' && url.pathname === '/v1/prices') {
        const keys = Object.entries(params)
          .filter(([k]) => k.startsWith('lookup_keys'))
          .map(([, v]) => v);
        const data = keys
          .filter((k) => prices.has(k))
          .map((k) => ({ id: prices.get(k), object: 'price', lookup_key: k, active: true }));
        return send(200, { object: 'list', data, has_more: false, url: '/v1/prices' });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = next('cs');
        return remember({
          id,
          object: 'checkout.session',
          mode: params.mode,
          customer: params.customer,
          url: `https://checkout.stripe.test/c/pay/${id}`,
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        const id = next('bps');
        return remember({
          id,
          object: 'billing_portal.session',
          customer: params.customer,
          url: `https://billing.stripe.test/p/session/${id}`,
        });
      }
      const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && sub) {
        const found = state.subscriptions.get(decodeURIComponent(sub[1]!));
        return found ? send(200, found) : missing('subscription');
      }
      return missing(`route ${req.method} ${url.pathname}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...state,
    get failPath() {
      return state.failPath;
    },
    set failPath(v) {
      state.failPath = v;
    },
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A subscription object of Stripe's shape on the price of `lookupKey`. */
export function stripeSubscription(opts: {
  id: string;
  customer: string;
  lookupKey: string;
  status: string;
  cancelAt?: number | null;
  trialEnd?: number | null;
  periodEnd?: number;
}): Record<string, unknown> {
  return {
    id: opts.id,
    object: 'subscription',
    customer: opts.customer,
    status: opts.status,
    cancel_at: opts.cancelAt ?? null,
    cancel_at_period_end: false,
    trial_end: opts.trialEnd ?? null,
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${opts.id}`,
          object: 'subscription_item',
          current_period_end: opts.periodEnd ?? null,
          price: { id: `price_${opts.lookupKey}`, object: 'price', lookup_key: opts.lookupKey },
        },
      ],
    },
  };
}

const signer = new Stripe(FAKE_STRIPE_KEY);

/**
 * A webhook event body and its Stripe-Signature header, signed with `secret` at `timestamp`
 * (seconds; the server checks it against its own clock, 300 s tolerance).
 */
export function signWebhook(
  event: { id: string; type: string; created: number; object: Record<string, unknown> },
  timestamp: number,
  secret = FAKE_WEBHOOK_SECRET,
): { body: string; signature: string } {
  const body = JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: event.created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: event.type,
    data: { object: event.object },
  });
  return { body, signature: signer.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }) };
}

/** What the webhook route answered. */
export interface WebhookAnswer {
  status: number;
  body: { received?: boolean; outcome?: string; errCode?: string };
}

/** Posts a webhook body to the server at `baseUrl`, with its Stripe-Signature header if given. */
export async function postWebhook(
  baseUrl: string,
  body: string,
  signature: string | null,
): Promise<WebhookAnswer> {
  const res = await fetch(`${baseUrl}/v1/subscription/webhook/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
  });
  return { status: res.status, body: (await res.json()) as WebhookAnswer['body'] };
}
