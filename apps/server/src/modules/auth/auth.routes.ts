/**
 * /auth routes: email signup, verification, login, refresh, logout and the public auth config.
 * Handlers rate-limit, call the services and start sessions; the OAuth pair is in
 * auth.oauth-routes.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { mailLocale } from '../../mail/verification-mail.js';
import { normalizeEmail } from '../user/user.repository.js';
import { oauthHandlers } from './auth.oauth-routes.js';
import { oauthProviders } from './auth.oauth.js';
import { authRateLimits, type AccountLimitScope } from './auth.rate-limit.js';
import { AuthService } from './auth.service.js';
import { SessionService } from './auth.session.js';
import { tokenKeys } from './auth.tokens.js';

export function authHandlers(ctx: AppContext, services: Services): Handlers {
  const { config } = ctx;
  const keys = tokenKeys(
    ctx.secrets.jwt,
    config.ACCESS_TOKEN_TTL,
    config.REFRESH_TOKEN_TTL,
    config.cookieSecure,
    ctx.clock,
  );
  const sessions = new SessionService(ctx.db, keys, ctx.secrets.jwt, config.REFRESH_REUSE_GRACE);
  const auth = new AuthService(ctx.db, config, ctx.mailer, ctx.secrets.jwt, ctx.log, ctx.clock);
  const users = services.users;
  const limits = authRateLimits(config);
  const providers = oauthProviders(config);

  const locale = (req: FastifyRequest) => mailLocale(req.headers['accept-language']);
  const signIn = async (reply: FastifyReply, uid: string) => {
    await sessions.start(reply, uid);
    return { user: await users.getSettings(uid) };
  };
  /** Per-IP and per-account (account + IP, in `scope`) limits of a call naming an email. */
  const limitEmail = async (req: FastifyRequest, email: string, scope: AccountLimitScope) => {
    await limits.ip(req);
    await limits.account(req, normalizeEmail(email), scope);
  };
  /** Per-IP and per-account limits of a call naming a verification session (a mailed flow). */
  const limitSession = async (req: FastifyRequest, sessionId: string) => {
    await limits.ip(req);
    await limits.account(req, (await auth.verificationEmail(sessionId)) ?? `session:${sessionId}`, 'mail');
  };

  return {
    'auth.email.signup': async ({ body, req, reply }) => {
      await limitEmail(req, body.email, 'mail');
      const result = await auth.signup(body, locale(req));
      if ('uid' in result) {
        await sessions.start(reply, result.uid);
        return { loggedIn: true };
      }
      return { sessionId: result.sessionId, resendAfterSeconds: result.resendAfterSeconds, loggedIn: false };
    },
    'auth.email.login': async ({ body, req, reply }) => {
      await limitEmail(req, body.email, 'login');
      return signIn(reply, await auth.login(body));
    },
    'auth.verification.create': async ({ body, req }) => {
      await limitEmail(req, body.email, 'mail');
      return auth.createVerification(body, locale(req));
    },
    'auth.verification.check': async ({ body, req, reply }) => {
      await limitSession(req, body.sessionId);
      return signIn(reply, await auth.checkVerification(body));
    },
    'auth.verification.resend': async ({ body, req }) => {
      await limitSession(req, body.sessionId);
      return auth.resend(body.sessionId, locale(req));
    },
    'auth.refreshToken': async ({ req, reply }) => {
      await limits.ip(req);
      await sessions.refresh(req, reply);
      return { isRefreshed: true };
    },
    'auth.logout': async ({ req, reply }) => {
      await limits.ip(req);
      await sessions.end(req, reply);
      return {};
    },
    'auth.config': async () => ({
      email: true,
      github: Boolean(providers.github),
      google: Boolean(providers.google),
      emailVerification: config.EMAIL_VERIFICATION,
      betaGate: config.BETA_GATE,
    }),
    ...oauthHandlers(ctx, providers, sessions),
  };
}
