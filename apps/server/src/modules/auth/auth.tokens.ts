/**
 * Session tokens: a short-lived JWT access token and an opaque refresh token, both in httpOnly
 * cookies, plus a readable `atelier_uid` cookie so the web app knows a session exists.
 * Bearer access tokens are accepted too (browser extension, scripts). The access token names
 * its sign-in (`sid`, the refresh-token family); authenticating checks that sign-in is still
 * live, so logout, reuse detection and a password reset end its access tokens at once.
 * Personal API tokens (`Authorization: Bearer atl_…`) authenticate as their user with a scope.
 */
import { createHash, createSecretKey, type KeyObject } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import type { AuthUser } from '../../http/register.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { randomToken } from '../../lib/ids.js';

export const ACCESS_COOKIE = 'atelier_access';
export const REFRESH_COOKIE = 'atelier_refresh';
export const UID_COOKIE = 'atelier_uid';
export const REFRESH_COOKIE_PATH = '/v1/auth';

export interface TokenKeys {
  /** A KeyObject made once: jose caches its conversion, so verifying does not re-import the key. */
  secret: KeyObject;
  accessTtlMs: number;
  refreshTtlMs: number;
  cookieSecure: boolean;
  /** Issue and expiry times of access tokens; refresh-token expiry. */
  clock: Clock;
}

export function tokenKeys(
  jwtSecret: string,
  accessTtlMs: number,
  refreshTtlMs: number,
  cookieSecure: boolean,
  clock: Clock = systemClock,
): TokenKeys {
  const secret = createSecretKey(Buffer.from(jwtSecret, 'utf8'));
  return { secret, accessTtlMs, refreshTtlMs, cookieSecure, clock };
}

/** What a valid access token says: the user and the sign-in (refresh-token family) it belongs to. */
export interface AccessClaims {
  uid: string;
  sid: string;
}

/**
 * Signs an access token. Each carries its own random `jti`: two tokens of one sign-in issued in
 * the same second are still told apart (in logs, by a client comparing them).
 */
export async function signAccessToken(keys: TokenKeys, uid: string, sid: string): Promise<string> {
  return new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(uid)
    .setJti(randomToken(16))
    .setIssuedAt(keys.clock.date())
    .setExpirationTime(new Date(keys.clock.now() + keys.accessTtlMs))
    .setAudience('atelier-access')
    .sign(keys.secret);
}

export async function verifyAccessToken(keys: TokenKeys, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keys.secret, {
      algorithms: ['HS256'],
      audience: 'atelier-access',
      currentDate: keys.clock.date(),
    });
    // a token without `sid` predates sign-in checks: 401, and the client refreshes it
    return typeof payload.sub === 'string' && typeof payload.sid === 'string'
      ? { uid: payload.sub, sid: payload.sid }
      : null;
  } catch {
    return null;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function accessTokenFrom(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return req.cookies[ACCESS_COOKIE];
}

/** Whether a sign-in is live (not revoked, not expired): one indexed lookup per request. */
export type SignInCheck = (claims: AccessClaims) => Promise<boolean>;

/** A personal API token's user and scope, or null (apiToken.service.ts). */
export type ApiTokenCheck = (
  token: string,
) => Promise<{ tokenId: string; uid: string; scope: 'read' | 'read-write' } | null>;

/** The sign-in id an API token's requests carry (no refresh-token family stands behind it). */
export const apiTokenSid = (tokenId: string) => `api-token:${tokenId}`;

export function makeAuthenticate(keys: TokenKeys, isLive: SignInCheck, apiToken?: ApiTokenCheck) {
  return async (req: FastifyRequest): Promise<AuthUser | null> => {
    const token = accessTokenFrom(req);
    // personal API tokens (`atl_…`) come as Bearer only; anything else is an access JWT
    if (apiToken && token?.startsWith('atl_') && req.headers.authorization) {
      const found = await apiToken(token);
      if (!found) return null;
      return {
        uid: found.uid,
        sid: apiTokenSid(found.tokenId),
        apiToken: { tokenId: found.tokenId, scope: found.scope },
      };
    }
    const claims = token ? await verifyAccessToken(keys, token) : null;
    if (!claims || !(await isLive(claims))) return null;
    return { uid: claims.uid, sid: claims.sid };
  };
}

export function setSessionCookies(
  reply: FastifyReply,
  keys: TokenKeys,
  session: { uid: string; accessToken: string; refreshToken: string },
): void {
  const base = { httpOnly: true, secure: keys.cookieSecure, sameSite: 'lax' as const };
  // The access cookie outlives the JWT inside it so an expired token still reaches the server
  // and answers 401 (which starts the client's refresh flow) instead of vanishing.
  reply.setCookie(ACCESS_COOKIE, session.accessToken, {
    ...base,
    path: '/',
    maxAge: keys.refreshTtlMs / 1000,
  });
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    ...base,
    path: REFRESH_COOKIE_PATH,
    maxAge: keys.refreshTtlMs / 1000,
  });
  reply.setCookie(UID_COOKIE, session.uid, {
    httpOnly: false,
    secure: keys.cookieSecure,
    sameSite: 'lax',
    path: '/',
    maxAge: keys.refreshTtlMs / 1000,
  });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(ACCESS_COOKIE, { path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
  reply.clearCookie(UID_COOKIE, { path: '/' });
}
