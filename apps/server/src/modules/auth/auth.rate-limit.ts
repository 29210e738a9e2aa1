/**
 * Auth rate limits on top of @fastify/rate-limit: per IP on every auth POST, and per account
 * (normalised email) and IP pair on login, signup and verification. The account limit is keyed
 * by the pair so that wrong passwords from one address cannot lock the owner out from another;
 * the per-IP limit still bounds what one address tries over all accounts. Login and the mailed
 * flows (signup, verification, password reset) count in separate scopes, so an address limited
 * on an account's login can still reset that account's password by mail. The limiters come
 * from the plugin's `createRateLimit`, so they share its store: memory by default, Redis when
 * REDIS_URL is set (app.ts hands the plugin the shared ioredis client). Exceeding answers HTTP
 * 429 with E0010.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {} from '@fastify/rate-limit';
import type { Config } from '../../config.js';
import { tooManyRequests } from '../../lib/errors.js';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

export interface AuthRateLimits {
  /** Counts one auth POST from the request's IP. */
  ip(req: FastifyRequest): Promise<void>;
  /**
   * Counts one call for an account (normalised email) from the request's IP, in `scope`:
   * `login` for password sign-in, `mail` for signup and the verification (code) calls.
   */
  account(req: FastifyRequest, email: string, scope: AccountLimitScope): Promise<void>;
}

export type AccountLimitScope = 'login' | 'mail';

export function authRateLimits(
  config: Pick<Config, 'AUTH_RATE_LIMIT_PER_IP' | 'AUTH_RATE_LIMIT_PER_ACCOUNT' | 'AUTH_RATE_LIMIT_WINDOW'>,
): AuthRateLimits {
  // The account key of a request, read by the limiter's key generator.
  const accountKeys = new WeakMap<FastifyRequest, string>();
  // One pair of limiters per server instance (the store is the instance's).
  const byServer = new WeakMap<FastifyInstance, { ip: Limiter; account: Limiter }>();
  const limiters = (server: FastifyInstance) => {
    let pair = byServer.get(server);
    if (!pair) {
      const timeWindow = config.AUTH_RATE_LIMIT_WINDOW;
      pair = {
        ip: server.createRateLimit({
          max: config.AUTH_RATE_LIMIT_PER_IP,
          timeWindow,
          keyGenerator: (req) => `auth-ip:${req.ip}`,
        }),
        account: server.createRateLimit({
          max: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
          timeWindow,
          keyGenerator: (req) => `auth-account:${accountKeys.get(req) ?? ''}|${req.ip}`,
        }),
      };
      byServer.set(server, pair);
    }
    return pair;
  };
  const check = async (limiter: Limiter, req: FastifyRequest) => {
    const result = await limiter(req);
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests();
  };
  return {
    ip: (req) => check(limiters(req.server).ip, req),
    account: (req, email, scope) => {
      accountKeys.set(req, `${scope}:${email}`);
      return check(limiters(req.server).account, req);
    },
  };
}
