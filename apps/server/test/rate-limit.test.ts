/**
 * Auth rate limits: per IP on every auth POST, per account (normalised email) and IP pair on
 * login, signup and verification (login and the mailed flows counted apart), so wrong passwords
 * from one address neither lock the owner out from another nor stop a reset by mail; exceeding
 * answers HTTP 429 with E0010, and the window resets when the server's clock passes its end (the
 * in-memory store reads the app's clock, so no test waits).
 */
import { describe, expect } from 'vitest';
import { buildUser, uniqueEmail } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import type { TestServer } from './helpers/server.js';

const WINDOW_MS = 60 * 60_000;

const PER_IP = 14;
const PER_ACCOUNT = 10;

const it = serverTest({
  AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
  AUTH_RATE_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT),
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
  return {
    status: res.status,
    body: (await res.json()) as { success: boolean; errCode?: string; data?: Record<string, unknown> },
  };
}

describe('auth rate limits', () => {
  it('limits an account per address: ten wrong passwords from A neither lock the owner out from B nor stop a reset by mail from A', async ({
    server,
  }) => {
    const owner = await buildUser(server);
    const attacker = '10.1.0.1';
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const res = await post(
        server,
        '/v1/auth/email/login',
        { email: owner.email, password: 'guess-number-' + i },
        attacker,
      );
      expect(res.status).toBe(200);
      expect(res.body.errCode).toBe('E0006');
    }
    // the same account, typed differently, from the same address: limited
    const limited = await post(
      server,
      '/v1/auth/email/login',
      { email: ` ${owner.email.toUpperCase()}`, password: owner.password },
      attacker,
    );
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, errCode: 'E0010' });
    // the owner, from another address, signs in
    const fromB = await post(
      server,
      '/v1/auth/email/login',
      { email: owner.email, password: owner.password },
      '10.1.0.2',
    );
    expect(fromB.status).toBe(200);
    expect(fromB.body.success).toBe(true);
    // a password reset by mail still works from the limited address
    const created = await post(
      server,
      '/v1/auth/verification/create',
      { email: owner.email, purpose: 'resetPassword' },
      attacker,
    );
    expect(created.status).toBe(200);
    const sessionId = created.body.data!.sessionId as string;
    const code = server
      .outbox()
      .filter((m) => m.to === owner.email.toLowerCase() && m.purpose === 'resetPassword')
      .at(-1)!.code!;
    const reset = await post(
      server,
      '/v1/auth/verification/check',
      { sessionId, code, password: 'a-brand-new-password' },
      attacker,
    );
    expect(reset.status).toBe(200);
    expect(reset.body.success).toBe(true);
    // login from A stays limited for the window; B signs in with the new password
    expect(
      (
        await post(
          server,
          '/v1/auth/email/login',
          { email: owner.email, password: 'a-brand-new-password' },
          attacker,
        )
      ).status,
    ).toBe(429);
    expect(
      (
        await post(
          server,
          '/v1/auth/email/login',
          { email: owner.email, password: 'a-brand-new-password' },
          '10.1.0.2',
        )
      ).body.success,
    ).toBe(true);
  });

  it('limits signup and verification of an account per address too; other accounts are unaffected', async ({
    server,
  }) => {
    const email = uniqueEmail('target');
    const ip = '10.1.1.1';
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const res = await post(
        server,
        '/v1/auth/verification/create',
        { email, purpose: 'signup', password: 'password123' },
        ip,
      );
      expect(res.status).toBe(200);
    }
    expect(
      (
        await post(
          server,
          '/v1/auth/email/signup',
          { email: ` ${email.toUpperCase()}`, password: 'password123' },
          ip,
        )
      ).status,
    ).toBe(429);
    // the same account from another address, and another account from this one
    expect(
      (await post(server, '/v1/auth/email/signup', { email, password: 'password123' }, '10.1.1.2')).status,
    ).toBe(200);
    expect(
      (await post(server, '/v1/auth/email/login', { email: uniqueEmail('other'), password: 'x' }, ip)).status,
    ).toBe(200);
  });

  it('limits one address across many accounts and every auth POST', async ({ server }) => {
    const ip = '10.2.0.1';
    for (let i = 0; i < PER_IP; i++) {
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
    const ip = '10.3.0.1';
    const signup = await post(server, '/v1/auth/email/signup', { email, password: 'password123' }, ip);
    const sessionId = signup.body.data!.sessionId as string;
    const statuses: number[] = [];
    // the signup counted once on the account: PER_ACCOUNT - 1 checks pass, the next is refused
    for (let i = 0; i < PER_ACCOUNT; i++) {
      statuses.push(
        (await post(server, '/v1/auth/verification/check', { sessionId, code: '000000' }, ip)).status,
      );
    }
    expect(statuses).toEqual([...Array<number>(PER_ACCOUNT - 1).fill(200), 429]);
  });

  it('lets calls through again once the window has passed on the clock, not before', async ({ server }) => {
    const email = uniqueEmail('window');
    const ip = '10.4.0.1';
    const login = () => post(server, '/v1/auth/email/login', { email, password: 'x' }, ip);
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await login()).status).toBe(200);
    expect((await login()).status).toBe(429);
    // a minute short of the window's end: still limited
    server.clock.advance(WINDOW_MS - 60_000);
    expect((await login()).status).toBe(429);
    server.clock.advance(60_000);
    const after = await login();
    expect(after.status).toBe(200);
    expect(after.body.errCode).toBe('E0005');
  });
});
