/**
 * POST /v1/subscription/webhook/stripe: Stripe's signed events (subscription.billing.ts). Outside
 * the contract table: the signature covers the exact bytes Stripe sent, so this route reads the
 * body raw (its own JSON parser, in its own encapsulated plugin) and answers Stripe, not the web
 * app. A missing or forged signature answers HTTP 400 with E0003; an event that could not be
 * applied (Stripe unreachable) answers 503 with E0000 so that Stripe delivers it again; anything
 * else 200 `{ received: true, outcome }`.
 */
import type { FastifyInstance } from 'fastify';
import { errorMessage } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { errorBody } from '../../http/framework-errors.js';
import { API_PREFIX } from '../../http/register.js';
import { handleWebhook } from './subscription.billing.js';

export const STRIPE_WEBHOOK_PATH = `${API_PREFIX}/subscription/webhook/stripe`;

/** Stripe's events are small; a larger body is refused before it is read. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

export function registerStripeWebhook(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_WEBHOOK_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(STRIPE_WEBHOOK_PATH, async (req, reply) => {
      const traceId = String(req.id);
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const header = req.headers['stripe-signature'];
      try {
        const outcome = await handleWebhook(ctx, raw, Array.isArray(header) ? header[0] : header);
        return reply.send({ received: true, outcome });
      } catch (err) {
        if (err instanceof AppError && err.code === 'E0003') {
          return reply.status(400).send(errorBody(traceId, err.code, err.message));
        }
        req.log.warn({ err }, 'stripe webhook not applied');
        return reply.status(503).send(errorBody(traceId, 'E0000', errorMessage('E0000')));
      }
    });
  });
}
