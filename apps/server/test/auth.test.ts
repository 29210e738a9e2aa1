/**
 * Email accounts over real HTTP: signup with a mailed code, login, refresh-token rotation and
 * reuse detection, logout, password reset, and the error codes of every failure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, uniqueEmail } from './helpers/factories.js';
import { type TestClient, type Wrapped as Wrapper } from './helpers/http.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const LIMITS_OFF = { AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_PER_ACCOUNT: '100000' };

let main: TestServer;
let fast: TestServer;
/** Every response body this file saw: none may carry a password hash. */
const seen: string[] = [];

async function call<T = unknown>(
  client: TestClient,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await client.fetch(path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  seen.push(text);
  return { status: res.status, body: JSON.parse(text) as Wrapper<T>, headers: res.headers };
}

const post = <T = unknown>(
  client: TestClient,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => call<T>(client, 'POST', path, body, headers);

function lastCode(server: TestServer, email: string, purpose = 'signup'): string {
  const mail = server
    .outbox()
    .filter((m) => m.to === email.toLowerCase() && m.purpose === purpose)
    .at(-1);
  if (!mail?.code) throw new Error(`no ${purpose} mail to ${email}`);
  return mail.code;
}

async function startSignup(server: TestServer, client: TestClient, email: string, password = 'password123') {
  const res = await post<{ sessionId: string; loggedIn: boolean }>(client, '/v1/auth/email/signup', {
    email,
    password,
  });
  expect(res.body).toMatchObject({ success: true, data: { loggedIn: false } });
  return res.body.data!.sessionId;
}

beforeAll(async () => {
  [main, fast] = await Promise.all([
    startTestServer(LIMITS_OFF),
    startTestServer({
      ...LIMITS_OFF,
      // short enough to pass by moving the server's clock (fast.clock.advance), never by sleeping
      VERIFICATION_CODE_TTL: '10m',
      VERIFICATION_RESEND_COOLDOWN: '1m',
      ACCESS_TOKEN_TTL: '5m',
      REFRESH_REUSE_GRACE: '1ms',
    }),
  ]);
});

afterAll(async () => {
  await Promise.all([main?.close(), fast?.close()]);
});

describe('signup, login, refresh, logout', () => {
  it('goes through the whole session life cycle', async () => {
    const client = main.client();
    const email = uniqueEmail('Flow').toUpperCase();
    const sessionId = await startSignup(main, client, `  ${email} `, 'password123');

    const mail = main.outbox().at(-1)!;
    expect(mail.to).toBe(email.toLowerCase());
    expect(mail.subject).toContain(mail.code);
    expect(mail.text).toContain('10 minutes');

    const checked = await post<{
      user: {
        uid: string;
        email: string;
        emailVerified: boolean;
        authProviders: string[];
        hasBetaAccess: boolean;
      };
    }>(client, '/v1/auth/verification/check', { sessionId, code: lastCode(main, email) });
    expect(checked.body.success).toBe(true);
    const user = checked.body.data!.user;
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      emailVerified: true,
      authProviders: ['email'],
      hasBetaAccess: true,
    });
    expect(client.jar.get('atelier_uid')).toBe(user.uid);
    expect(client.jar.get('atelier_access')).toBeTruthy();
    expect(client.jar.get('atelier_refresh')).toBeTruthy();

    const settings = await call<{ uid: string }>(client, 'GET', '/v1/user/settings');
    expect(settings.body.data!.uid).toBe(user.uid);

    // a second device signs in with the email typed differently
    const other = main.client();
    const login = await post<{ user: { uid: string } }>(other, '/v1/auth/email/login', {
      email: ` ${email.toLowerCase()}`,
      password: 'password123',
    });
    expect(login.body.data!.user.uid).toBe(user.uid);

    const before = client.jar.get('atelier_refresh');
    const refreshed = await post(client, '/v1/auth/refreshToken');
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data).toEqual({ isRefreshed: true });
    expect(client.jar.get('atelier_refresh')).not.toBe(before);
    expect((await call(client, 'GET', '/v1/user/settings')).body.success).toBe(true);

    const refreshToken = client.jar.get('atelier_refresh')!;
    const out = await post(client, '/v1/auth/logout');
    expect(out.body).toMatchObject({ success: true });
    expect(client.jar.get('atelier_uid')).toBeUndefined();
    expect(client.jar.get('atelier_access')).toBeUndefined();
    expect((await call(client, 'GET', '/v1/user/settings')).status).toBe(401);

    // the logged-out token is dead; the other device's session lives on
    client.jar.set('atelier_refresh', refreshToken, '/v1/auth');
    const again = await post(client, '/v1/auth/refreshToken');
    expect(again.status).toBe(401);
    expect(again.body.errCode).toBe('E0011');
    expect((await post(other, '/v1/auth/refreshToken')).status).toBe(200);
  });

  it('logs out without a session too', async () => {
    const res = await post(main.client(), '/v1/auth/logout');
    expect(res.body).toMatchObject({ success: true });
  });

  it('answers E0006 for a wrong password and E0005 for an unknown account', async () => {
    const u = await buildUser(main);
    const wrong = await post(main.client(), '/v1/auth/email/login', {
      email: u.email,
      password: 'not-the-password',
    });
    expect(wrong.body).toMatchObject({ success: false, errCode: 'E0006' });
    const unknown = await post(main.client(), '/v1/auth/email/login', {
      email: uniqueEmail('nobody'),
      password: 'whatever1',
    });
    expect(unknown.body).toMatchObject({ success: false, errCode: 'E0005' });
  });

  it('answers E0007 for an email that has an account', async () => {
    const u = await buildUser(main);
    const signup = await post(main.client(), '/v1/auth/email/signup', {
      email: u.email.toUpperCase(),
      password: 'password123',
    });
    expect(signup.body.errCode).toBe('E0007');
    const create = await post(main.client(), '/v1/auth/verification/create', {
      email: u.email,
      purpose: 'signup',
      password: 'password123',
    });
    expect(create.body.errCode).toBe('E0007');
  });

  it('answers E0007 when the email was taken between signup and check', async () => {
    const email = uniqueEmail('race');
    const first = main.client();
    const second = main.client();
    const s1 = await startSignup(main, first, email);
    const code1 = lastCode(main, email);
    const s2 = await startSignup(main, second, email);
    const code2 = lastCode(main, email);
    expect(
      (await post(first, '/v1/auth/verification/check', { sessionId: s1, code: code1 })).body.success,
    ).toBe(true);
    expect(
      (await post(second, '/v1/auth/verification/check', { sessionId: s2, code: code2 })).body.errCode,
    ).toBe('E0007');
  });

  it('signs up a zh-CN browser with a Chinese mail', async () => {
    const email = uniqueEmail('zh');
    await post(
      main.client(),
      '/v1/auth/email/signup',
      { email, password: 'password123' },
      { 'accept-language': 'zh-CN,zh;q=0.9' },
    );
    const mail = main.outbox().at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toContain('验证码');
  });
});

describe('verification sessions', () => {
  it('answers E0009 for a wrong code and burns the session after five', async () => {
    const client = main.client();
    const email = uniqueEmail('burn');
    const sessionId = await startSignup(main, client, email);
    const code = lastCode(main, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post(client, '/v1/auth/verification/check', { sessionId, code: wrong });
      expect(res.body.errCode).toBe('E0009');
    }
    const burned = await post(client, '/v1/auth/verification/check', { sessionId, code });
    expect(burned.body.errCode).toBe('E0008');
    expect((await post(client, '/v1/auth/verification/resend', { sessionId })).body.errCode).toBe('E0008');
  });

  it('answers E0008 for an unknown, an expired and a used session', async () => {
    const client = fast.client();
    expect(
      (await post(client, '/v1/auth/verification/check', { sessionId: 'vs-nope', code: '123456' })).body
        .errCode,
    ).toBe('E0008');
    expect((await post(client, '/v1/auth/verification/resend', { sessionId: 'vs-nope' })).body.errCode).toBe(
      'E0008',
    );

    const email = uniqueEmail('expire');
    const sessionId = await startSignup(fast, client, email);
    fast.clock.advance(10 * 60_000 + 1_000);
    const expired = await post(client, '/v1/auth/verification/check', {
      sessionId,
      code: lastCode(fast, email),
    });
    expect(expired.body.errCode).toBe('E0008');

    const email2 = uniqueEmail('used');
    const s2 = await startSignup(fast, client, email2);
    const code2 = lastCode(fast, email2);
    expect(
      (await post(client, '/v1/auth/verification/check', { sessionId: s2, code: code2 })).body.success,
    ).toBe(true);
    expect(
      (await post(fast.client(), '/v1/auth/verification/check', { sessionId: s2, code: code2 })).body.errCode,
    ).toBe('E0008');
  });

  it('resends a new code after the cool-down only (E0010 before)', async () => {
    const client = main.client();
    const email = uniqueEmail('resend');
    const sessionId = await startSignup(main, client, email);
    const tooSoon = await post(client, '/v1/auth/verification/resend', { sessionId });
    expect(tooSoon.status).toBe(200);
    expect(tooSoon.body.errCode).toBe('E0010');

    const fastClient = fast.client();
    const email2 = uniqueEmail('resend2');
    const s2 = await startSignup(fast, fastClient, email2);
    const oldCode = lastCode(fast, email2);
    fast.clock.advance(60_000 + 1_000);
    const resent = await post<{
      sessionId: string;
      resendAfterSeconds: number;
      email: string;
      purpose: string;
    }>(fastClient, '/v1/auth/verification/resend', { sessionId: s2 });
    expect(resent.body.data).toMatchObject({
      sessionId: s2,
      email: email2,
      purpose: 'signup',
      resendAfterSeconds: 60,
    });
    // the new code comes with a new validity
    expect(Date.parse((resent.body.data as unknown as { expiresAt: string }).expiresAt)).toBeGreaterThan(
      fast.clock.now() + 9 * 60_000,
    );
    const newCode = lastCode(fast, email2);
    expect(fast.outbox().filter((m) => m.to === email2)).toHaveLength(2);
    if (newCode !== oldCode) {
      expect(
        (await post(fastClient, '/v1/auth/verification/check', { sessionId: s2, code: oldCode })).body
          .errCode,
      ).toBe('E0009');
    }
    expect(
      (await post(fastClient, '/v1/auth/verification/check', { sessionId: s2, code: newCode })).body.success,
    ).toBe(true);
  });

  it('resets a password end to end and signs every other session out', async () => {
    const u = await buildUser(main);
    const elsewhere = main.client();
    await post(elsewhere, '/v1/auth/email/login', { email: u.email, password: u.password });

    const unknown = await post(main.client(), '/v1/auth/verification/create', {
      email: uniqueEmail('ghost'),
      purpose: 'resetPassword',
    });
    expect(unknown.body.errCode).toBe('E0005');

    const client = main.client();
    const created = await post<{ sessionId: string; purpose: string; expiresAt: string }>(
      client,
      '/v1/auth/verification/create',
      {
        email: u.email.toUpperCase(),
        purpose: 'resetPassword',
      },
    );
    expect(created.body.data).toMatchObject({ purpose: 'resetPassword', email: u.email });
    const sessionId = created.body.data!.sessionId;
    const code = lastCode(main, u.email, 'resetPassword');

    const noPassword = await post(client, '/v1/auth/verification/check', { sessionId, code });
    expect(noPassword.body.errCode).toBe('E0003');
    const checked = await post<{ user: { uid: string } }>(client, '/v1/auth/verification/check', {
      sessionId,
      code,
      password: 'brand-new-password',
    });
    expect(checked.body.data!.user.uid).toBe(u.uid);
    expect(client.jar.get('atelier_uid')).toBe(u.uid);

    expect((await post(elsewhere, '/v1/auth/refreshToken')).status).toBe(401);
    expect((await post(u.client, '/v1/auth/refreshToken')).status).toBe(401);
    expect(
      (await post(main.client(), '/v1/auth/email/login', { email: u.email, password: u.password })).body
        .errCode,
    ).toBe('E0006');
    expect(
      (await post(main.client(), '/v1/auth/email/login', { email: u.email, password: 'brand-new-password' }))
        .body.success,
    ).toBe(true);
  });
});

describe('refresh tokens', () => {
  it('revokes the whole family when a rotated token is used again', async () => {
    const u = await buildUser(fast);
    const stolen = u.client.jar.get('atelier_refresh')!;
    expect((await post(u.client, '/v1/auth/refreshToken')).status).toBe(200);
    const successor = u.client.jar.get('atelier_refresh')!;
    expect(successor).not.toBe(stolen);
    fast.clock.advance(20); // past the reuse grace

    const thief = fast.client();
    thief.jar.set('atelier_refresh', stolen, '/v1/auth');
    const reuse = await post(thief, '/v1/auth/refreshToken');
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({ success: false, errCode: 'E0011' });
    expect(reuse.headers.getSetCookie().join(';')).toContain('atelier_uid=;');

    // the legitimate holder's newer token of the same family is dead too
    const victim = await post(u.client, '/v1/auth/refreshToken');
    expect(victim.status).toBe(401);
    expect(u.client.jar.get('atelier_uid')).toBeUndefined();
  });

  it('gives tabs refreshing at the same instant the same successor', async () => {
    const u = await buildUser(main);
    const token = u.client.jar.get('atelier_refresh')!;
    const tabs = [u.client, main.client(), main.client(), main.client()];
    for (const tab of tabs) tab.jar.set('atelier_refresh', token, '/v1/auth');
    const results = await Promise.all(tabs.map((tab) => post(tab, '/v1/auth/refreshToken')));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(tabs.map((tab) => tab.jar.get('atelier_refresh'))).size).toBe(1);
    expect(tabs[0]!.jar.get('atelier_refresh')).not.toBe(token);
    // and the family is still healthy afterwards
    expect((await post(u.client, '/v1/auth/refreshToken')).status).toBe(200);
    expect((await call(tabs[3]!, 'GET', '/v1/user/settings')).status).toBe(200);
  });

  it('answers 401 without a refresh token or with a made-up one', async () => {
    const none = await post(main.client(), '/v1/auth/refreshToken');
    expect(none.status).toBe(401);
    expect(none.body.errCode).toBe('E0011');
    const client = main.client();
    client.jar.set('atelier_refresh', 'made-up', '/v1/auth');
    expect((await post(client, '/v1/auth/refreshToken')).status).toBe(401);
  });

  it('answers 401 once the access token expired, and works again after a refresh', async () => {
    const u = await buildUser(fast);
    expect((await call(u.client, 'GET', '/v1/user/settings')).status).toBe(200);
    fast.clock.advance(5 * 60_000 + 1_000);
    const expired = await call(u.client, 'GET', '/v1/user/settings');
    expect(expired.status).toBe(401);
    expect(expired.body.errCode).toBe('E0011');
    expect((await post(u.client, '/v1/auth/refreshToken')).status).toBe(200);
    expect((await call(u.client, 'GET', '/v1/user/settings')).status).toBe(200);
  });
});

describe('instance options', () => {
  it('describes the sign-in methods', async () => {
    const res = await call(main.client(), 'GET', '/v1/auth/config');
    expect(res.body.data).toEqual({
      email: true,
      github: false,
      google: false,
      emailVerification: true,
      betaGate: false,
    });
  });

  it('signs up without a code when EMAIL_VERIFICATION is off, and gates beta access with BETA_GATE', async () => {
    const server = await startTestServer({ ...LIMITS_OFF, EMAIL_VERIFICATION: 'false', BETA_GATE: 'true' });
    try {
      const client = server.client();
      const email = uniqueEmail('quick');
      const res = await post(client, '/v1/auth/email/signup', { email, password: 'password123' });
      expect(res.body.data).toEqual({ loggedIn: true });
      expect(server.outbox()).toHaveLength(0);
      const settings = await call<{ emailVerified: boolean; hasBetaAccess: boolean }>(
        client,
        'GET',
        '/v1/user/settings',
      );
      expect(settings.body.data).toMatchObject({ emailVerified: false, hasBetaAccess: false });
      const config = await call(client, 'GET', '/v1/auth/config');
      expect(config.body.data).toMatchObject({ emailVerification: false, betaGate: true });
    } finally {
      await server.close();
    }
  });
});

describe('bad input never answers 500', () => {
  const routes = [
    '/v1/auth/email/login',
    '/v1/auth/email/signup',
    '/v1/auth/verification/create',
    '/v1/auth/verification/check',
    '/v1/auth/verification/resend',
  ];
  const bodies: Array<[string, unknown]> = [
    ['malformed JSON', '{"email": '],
    ['an array', '[1,2]'],
    ['a string', '"hello"'],
    ['null', 'null'],
    ['wrong types', { email: 42, password: true, sessionId: 7, code: [], purpose: 1 }],
    ['an empty object', {}],
    ['a bad email', { email: 'not-an-email', password: 'password123', purpose: 'signup' }],
    ['a short password', { email: 'a@example.test', password: 'short', purpose: 'signup' }],
    ['an unknown purpose', { email: 'a@example.test', purpose: 'hack' }],
    [
      'an over-long field',
      {
        email: `${'a'.repeat(300)}@example.test`,
        password: 'x'.repeat(300),
        sessionId: 's'.repeat(200),
        code: '1'.repeat(40),
      },
    ],
  ];

  for (const route of routes) {
    it(`rejects bad bodies on ${route}`, async () => {
      const client = main.client();
      for (const [what, body] of bodies) {
        const res = await post(client, route, body);
        expect(res.status, `${route} with ${what}`).toBe(200);
        expect(res.body.success, `${route} with ${what}`).toBe(false);
        expect(['E0003', 'E0008', 'E0005'], `${route} with ${what}: ${res.body.errCode}`).toContain(
          res.body.errCode,
        );
      }
      const huge = await post(client, route, { email: 'a@example.test', password: 'p'.repeat(120_000) });
      expect(huge.status).toBe(200);
      expect(huge.body.errCode).toBe('E2005');
    });
  }

  it('names the failing field with the spec wording', async () => {
    const res = await post(main.client(), '/v1/auth/email/signup', { email: 'bad', password: 'short' });
    expect(res.body.errMsg).toContain('Please enter a valid email address');
    const pw = await post(main.client(), '/v1/auth/email/signup', {
      email: 'ok@example.test',
      password: 'short',
    });
    expect(pw.body.errMsg).toContain('Password must contain 8 or more characters');
    const empty = await post(main.client(), '/v1/auth/email/login', { password: 'x' });
    expect(empty.body.errMsg).toContain('Email cannot be empty');
  });

  it('checks refresh and logout whatever the body', async () => {
    for (const route of ['/v1/auth/refreshToken', '/v1/auth/logout']) {
      const res = await post(main.client(), route, '{"broken": ');
      expect(res.status).not.toBe(500);
    }
  });
});

describe('secrets', () => {
  it('never answers a password hash or a stored token', async () => {
    expect(seen.length).toBeGreaterThan(50);
    for (const body of seen) {
      expect(body).not.toContain('$argon2');
      expect(body).not.toMatch(/passwordHash|password_hash|tokenHash|codeHash/);
    }
  });
});
