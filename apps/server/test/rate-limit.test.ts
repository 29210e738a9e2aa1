/**
 * Auth rate limits: per IP on every auth POST, per account (normalised email) on login, signup
 * and verification; exceeding answers HTTP 429 with E0010, and the window resets when the
 * server's clock passes its end (the in-memory store reads the app's clock, so no test waits).
 */
import { describe, expect } from 'vitest';
import { uniqueEmail } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import type { TestServer } from './helpers/server.js';

const WINDOW_MS = 60 * 60_000;

const it = serverTest({
  AUTH_RATE_LIMIT_PER_IP: '5',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '3',
  // an hour of the server's clock: no slow machine leaves a window by itself during a test
  AUTH_RATE_LIMIT_WINDOW: '1h',
});

async function post(server: TestServer, path: string, body: unknown, ip: string) {
  const client = server.client();
  const res = await client.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; errCode?: string } };
}

describe('auth rate limits', () => {
  it('limits one account across many addresses', async ({ server }) => {
    const email = uniqueEmail('target');
    for (let i = 0; i < 3; i++) {
      const res = await post(
        server,
        '/v1/auth/email/login',
        { email, password: 'guess-number-' + i },
        `10.1.0.${i}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.errCode).toBe('E0005');
    }
    // the same account, typed differently, from yet another address
    const limited = await post(
      server,
      '/v1/auth/email/login',
      { email: ` ${email.toUpperCase()}`, password: 'x' },
      '10.1.0.99',
    );
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, errCode: 'E0010' });
    // signup and verification of that account count too; other accounts are unaffected
    expect(
      (await post(server, '/v1/auth/email/signup', { email, password: 'password123' }, '10.1.1.1')).status,
    ).toBe(429);
    expect(
      (
        await post(
          server,
          '/v1/auth/verification/create',
          { email, purpose: 'signup', password: 'password123' },
          '10.1.1.2',
        )
      ).status,
    ).toBe(429);
    expect(
      (await post(server, '/v1/auth/email/login', { email: uniqueEmail('other'), password: 'x' }, '10.1.1.3'))
        .status,
    ).toBe(200);
  });

  it('limits one address across many accounts and every auth POST', async ({ server }) => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 5; i++) {
      const res = await post(
        server,
        '/v1/auth/email/login',
        { email: uniqueEmail('spray'), password: 'x' },
        ip,
      );
      expect(res.status).toBe(200);
    }
    for (const path of [
      '/v1/auth/email/login',
      '/v1/auth/email/signup',
      '/v1/auth/refreshToken',
      '/v1/auth/logout',
      '/v1/auth/verification/check',
    ]) {
      const res = await post(
        server,
        path,
        { email: uniqueEmail('spray'), password: 'password123', sessionId: 'vs-x', code: '1' },
        ip,
      );
      expect(res.status, path).toBe(429);
      expect(res.body.errCode, path).toBe('E0010');
    }
    // reads are not auth POSTs; another address is unaffected
    const config = await server.client().fetch('/v1/auth/config', { headers: { 'x-forwarded-for': ip } });
    expect(config.status).toBe(200);
    expect(
      (await post(server, '/v1/auth/email/login', { email: uniqueEmail('spray'), password: 'x' }, '10.2.0.2'))
        .status,
    ).toBe(200);
  });

  it('counts verification checks against the account of the session', async ({ server }) => {
    const email = uniqueEmail('checks');
    const signup = await post(
      server,
      '/v1/auth/email/signup',
      { email, password: 'password123' },
      '10.3.0.1',
    );
    const sessionId = (signup.body as { data?: { sessionId: string } }).data!.sessionId;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await post(server, '/v1/auth/verification/check', { sessionId, code: '000000' }, `10.3.1.${i}`))
          .status,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('lets calls through again once the window has passed on the clock, not before', async ({ server }) => {
    const email = uniqueEmail('window');
    const login = (ip: string) => post(server, '/v1/auth/email/login', { email, password: 'x' }, ip);
    for (let i = 0; i < 3; i++) expect((await login(`10.4.0.${i}`)).status).toBe(200);
    expect((await login('10.4.0.9')).status).toBe(429);
    // a minute short of the window's end: still limited
    server.clock.advance(WINDOW_MS - 60_000);
    expect((await login('10.4.0.10')).status).toBe(429);
    server.clock.advance(60_000);
    const after = await login('10.4.0.11');
    expect(after.status).toBe(200);
    expect(after.body.errCode).toBe('E0005');
  });
});
