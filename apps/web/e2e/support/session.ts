/**
 * Session helpers: make the browser's access token expired now, so the app's 401 → refresh path
 * runs without waiting for ACCESS_TOKEN_TTL. The e2e server signs with E2E_JWT_SECRET (server.ts),
 * so the test can sign a token the server accepts as its own and finds expired.
 */
import { createHmac } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { E2E_JWT_SECRET } from './server';

const ACCESS_COOKIE = 'atelier_access';

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** Replaces the context's access cookie with the same sign-in's token, expired a minute ago. */
export async function expireAccessToken(context: BrowserContext): Promise<void> {
  const cookie = (await context.cookies()).find((c) => c.name === ACCESS_COOKIE);
  if (!cookie) throw new Error('no access cookie: sign in first');
  const payload = JSON.parse(Buffer.from(cookie.value.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
    sid: string;
    aud: string;
  };
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256' }));
  const body = base64url(
    JSON.stringify({ sid: payload.sid, sub: payload.sub, aud: payload.aud, iat: now - 120, exp: now - 60 }),
  );
  const signature = createHmac('sha256', E2E_JWT_SECRET).update(`${header}.${body}`).digest('base64url');
  await context.addCookies([{ ...cookie, value: `${header}.${body}.${signature}` }]);
}
