/**
 * The OAuth redirect pair: GET /auth/{provider} sends the browser to the provider with a state
 * (and, for Google, a PKCE verifier) kept in short-lived httpOnly cookies; the callback checks
 * the state, exchanges the code, signs the account in and redirects to the app
 * (`PUBLIC_URL/`, or `PUBLIC_URL/?authError=<code>` when anything fails).
 */
import { generateCodeVerifier, generateState } from 'arctic';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { RAW, type Handlers } from '../../http/register.js';
import { resolveOAuthAccount } from './auth.accounts.js';
import type { OAuthProvider, OAuthProviderName } from './auth.oauth.js';
import { sameHash } from './auth.secrets.js';
import type { SessionService } from './auth.session.js';

export const OAUTH_STATE_COOKIE = 'atelier_oauth_state';
export const OAUTH_VERIFIER_COOKIE = 'atelier_oauth_verifier';
export const OAUTH_REDIRECT_COOKIE = 'atelier_oauth_redirect';
const OAUTH_COOKIE_MAX_AGE_S = 600;

const callbackPath = (provider: OAuthProviderName) => `/v1/auth/${provider}/callback`;

/** Only a path of this site may follow a sign-in (never `//host` or another origin). */
export function safeRedirectPath(value: string | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return /^[\x21-\x7e]+$/.test(value) ? value : null;
}

export function oauthHandlers(
  ctx: AppContext,
  providers: Partial<Record<OAuthProviderName, OAuthProvider>>,
  sessions: SessionService,
): Handlers {
  const { config } = ctx;
  const cookieOptions = (provider: OAuthProviderName) => ({
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: 'lax' as const,
    path: callbackPath(provider),
    maxAge: OAUTH_COOKIE_MAX_AGE_S,
  });
  const clearOAuthCookies = (reply: FastifyReply, provider: OAuthProviderName) => {
    for (const name of [OAUTH_STATE_COOKIE, OAUTH_VERIFIER_COOKIE, OAUTH_REDIRECT_COOKIE]) {
      reply.clearCookie(name, { path: callbackPath(provider) });
    }
  };

  return {
    'auth.oauth.start': async ({ params, query, reply }) => {
      const provider = providers[params.provider];
      if (!provider)
        throw new AppError('E0004', `Sign-in with ${params.provider} is not configured on this instance`);
      const state = generateState();
      const verifier = provider.usesPkce ? generateCodeVerifier() : null;
      const options = cookieOptions(provider.name);
      reply.setCookie(OAUTH_STATE_COOKIE, state, options);
      if (verifier) reply.setCookie(OAUTH_VERIFIER_COOKIE, verifier, options);
      const redirect = safeRedirectPath(query.redirect);
      if (redirect) reply.setCookie(OAUTH_REDIRECT_COOKIE, redirect, options);
      void reply.redirect(provider.authorizationUrl(state, verifier).toString(), 302);
      return RAW;
    },
    'auth.oauth.callback': async ({ params, query, req, reply }) => {
      const fail = (code: 'E0004' | 'E0007', reason: string, err?: unknown): typeof RAW => {
        req.log.warn({ provider: params.provider, reason, err }, 'OAuth sign-in failed');
        clearOAuthCookies(reply, params.provider);
        void reply.redirect(`${config.publicUrl}/?authError=${code}`, 302);
        return RAW;
      };
      const provider = providers[params.provider];
      if (!provider) return fail('E0004', 'provider not configured');
      if (query.error) return fail('E0004', `provider answered ${query.error}`);
      const expected = req.cookies[OAUTH_STATE_COOKIE];
      if (!query.code || !query.state || !expected || !sameHash(query.state, expected)) {
        return fail('E0004', 'state mismatch');
      }
      const verifier = provider.usesPkce ? (req.cookies[OAUTH_VERIFIER_COOKIE] ?? null) : null;
      if (provider.usesPkce && !verifier) return fail('E0004', 'code verifier missing');
      let uid: string;
      try {
        const profile = await provider.profile(query.code, verifier);
        uid = await resolveOAuthAccount(ctx.db, profile, config.BETA_GATE);
      } catch (err) {
        if (err instanceof AppError && err.code === 'E0007')
          return fail('E0007', 'email account not verified');
        return fail('E0004', 'code exchange or profile failed', err);
      }
      const redirect = safeRedirectPath(req.cookies[OAUTH_REDIRECT_COOKIE]) ?? '/';
      clearOAuthCookies(reply, provider.name);
      await sessions.start(reply, uid);
      void reply.redirect(`${config.publicUrl}${redirect}`, 302);
      return RAW;
    },
  };
}
