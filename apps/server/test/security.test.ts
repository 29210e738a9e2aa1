/**
 * Security fixes of issue 9 over real HTTP: CSRF through non-JSON bodies and foreign origins,
 * sessions that end at once (logout, refresh-token reuse, password reset), uploads never served
 * with an active content type, NUL bytes in multipart file names, and login verifying a password
 * hash for unknown emails too. The response wrapper on Node's and Fastify's own errors is
 * tested in security-wrapper.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, vi } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { buildUser, uniqueEmail, type BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData } from './helpers/items.js';
import { type TestClient } from './helpers/http.js';

// Wraps the password verifier in a spy (the server runs in this process, so it uses the spy).
vi.mock(import('../src/modules/auth/auth.secrets.js'), async (importOriginal) => {
  const original = await importOriginal();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});
const { verifyPassword } = await import('../src/modules/auth/auth.secrets.js');

interface Wrapper {
  success: boolean;
  errCode?: string;
  errMsg?: string;
  traceId?: string;
  data?: unknown;
}

const FOREIGN = 'https://evil.example';
const ALLOWED = 'https://app.partner.example';

const it = serverTest({
  CORS_ORIGINS: ALLOWED,
  REFRESH_REUSE_GRACE: '1ms',
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
  UPLOAD_MAX_BYTES: '65536',
});

async function wrapped(res: Response): Promise<{ status: number; body: Wrapper }> {
  const text = await res.text();
  let body: Wrapper;
  try {
    body = JSON.parse(text) as Wrapper;
  } catch {
    throw new Error(`not JSON (HTTP ${res.status}): ${text.slice(0, 200)}`);
  }
  return { status: res.status, body };
}

const createCanvas = (client: TestClient, init: RequestInit) =>
  client.fetch('/v1/canvas/create', { method: 'POST', ...init }).then(wrapped);

const settings = (client: TestClient) => client.get<unknown>('/v1/user/settings');

describe('CSRF: only multipart routes take multipart, foreign origins are refused', () => {
  it('refuses multipart, urlencoded and text/plain bodies on a JSON route with E0003', async ({ alice }) => {
    const fd = new FormData();
    fd.append('title', 'x');
    const bodies: RequestInit[] = [
      { body: fd },
      { body: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { body: '{"title":"x"}', headers: { 'content-type': 'text/plain' } },
    ];
    for (const init of bodies) {
      const res = await createCanvas(alice.client, init);
      expect(res.body, JSON.stringify(init.headers)).toMatchObject({ success: false, errCode: 'E0003' });
    }
  });

  it('refuses a state-changing request from a foreign Origin or a cross-site fetch', async ({ alice }) => {
    const json = { 'content-type': 'application/json' };
    const body = JSON.stringify({ title: 'x' });
    for (const headers of [
      { ...json, origin: FOREIGN },
      { ...json, origin: 'null' },
      { ...json, 'sec-fetch-site': 'cross-site' },
      { ...json, 'sec-fetch-site': 'same-site' },
    ]) {
      const res = await createCanvas(alice.client, { headers, body });
      expect(res.body, JSON.stringify(headers)).toMatchObject({ success: false, errCode: 'E0003' });
      expect(res.body.errMsg).toMatch(/origin/i);
    }
  });

  it('accepts its own origin, a configured CORS origin, and requests without either header', async ({
    server,
    alice,
  }) => {
    const json = { 'content-type': 'application/json' };
    const body = JSON.stringify({ title: 'x' });
    for (const headers of [
      { ...json, origin: server.url },
      { ...json, origin: ALLOWED },
      { ...json, 'sec-fetch-site': 'same-origin' },
      json,
    ]) {
      const res = await createCanvas(alice.client, { headers, body });
      expect(res.body, JSON.stringify(headers)).toMatchObject({ success: true });
    }
    // reads stay allowed from anywhere (CORS decides who may read the answer)
    const read = await alice.client.fetch('/v1/user/settings', { headers: { origin: FOREIGN } });
    expect((await wrapped(read)).body.success).toBe(true);
  });

  it('still accepts multipart on the routes the contract declares multipart', async ({ server, alice }) => {
    const fd = new FormData();
    fd.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    const res = await alice.client
      .fetch('/v1/misc/upload', { method: 'POST', body: fd, headers: { origin: server.url } })
      .then(wrapped);
    expect(res.body.success).toBe(true);
  });
});

describe('sessions end at once', () => {
  it('logout makes the old access cookie answer 401', async ({ server }) => {
    const u = await buildUser(server);
    const access = u.client.jar.get('atelier_access')!;
    expect((await settings(u.client)).status).toBe(200);
    expect((await u.client.fetch('/v1/auth/logout', { method: 'POST' })).status).toBe(200);

    const replay = server.client();
    replay.jar.set('atelier_access', access);
    expect(await settings(replay)).toMatchObject({ status: 401, body: { errCode: 'E0011' } });
    const bearer = await server
      .client()
      .fetch('/v1/user/settings', { headers: { authorization: `Bearer ${access}` } });
    expect(bearer.status).toBe(401);
  });

  it('a reused refresh token revokes the access tokens of its sign-in, not of other sign-ins', async ({
    server,
  }) => {
    const u = await buildUser(server);
    const other = server.client();
    expectData(await other.post('/v1/auth/email/login', { email: u.email, password: u.password }));
    const stolen = u.client.jar.get('atelier_refresh')!;
    expect((await u.post('/v1/auth/refreshToken')).status).toBe(200);
    expect((await settings(u.client)).status).toBe(200);
    // past the (1 ms) grace window, the rotated token counts as reuse
    server.clock.advance(5);

    const thief = server.client();
    thief.jar.set('atelier_refresh', stolen, '/v1/auth');
    expect((await thief.fetch('/v1/auth/refreshToken', { method: 'POST' })).status).toBe(401);
    expect((await settings(u.client)).status).toBe(401);
    expect((await settings(other)).status).toBe(200);
  });

  it('a password reset revokes the access tokens of every sign-in of the user', async ({ server }) => {
    const u = await buildUser(server);
    const elsewhere = server.client();
    expectData(await elsewhere.post('/v1/auth/email/login', { email: u.email, password: u.password }));
    expect((await settings(elsewhere)).status).toBe(200);

    const client = server.client();
    const created = expectData(
      await client.post<{ sessionId: string }>('/v1/auth/verification/create', {
        email: u.email,
        purpose: 'resetPassword',
      }),
    );
    const code = server
      .outbox()
      .filter((m) => m.to === u.email && m.purpose === 'resetPassword')
      .at(-1)!.code!;
    expectData(
      await client.post('/v1/auth/verification/check', {
        sessionId: created.sessionId,
        code,
        password: 'a-new-password-1',
      }),
    );
    expect((await settings(client)).status).toBe(200);
    expect((await settings(elsewhere)).status).toBe(401);
    expect((await settings(u.client)).status).toBe(401);
  });
});

describe('uploads are never served with an active content type', () => {
  const served = async (alice: BuiltUser, name: string, type: string, body: BlobPart) => {
    const fd = new FormData();
    fd.append('visibility', 'public');
    fd.append('file', new Blob([body], { type }), name);
    const up = await alice.client.fetch('/v1/misc/upload', { method: 'POST', body: fd }).then(wrapped);
    expect(up.body.success, JSON.stringify(up.body)).toBe(true);
    const key = (up.body.data as { storageKey: string }).storageKey;
    const res = await alice.server.client().fetch(`/v1/misc/static/${key}`);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    return res.headers;
  };

  it('serves scripts, HTML, SVG and XML as application/octet-stream attachments', async ({ alice }) => {
    const files: Array<[string, string]> = [
      ['evil.js', 'text/javascript'],
      ['evil.mjs', 'application/javascript'],
      ['page.html', 'text/html'],
      ['image.svg', 'image/svg+xml'],
      ['data.xml', 'application/xml'],
      ['page.xhtml', 'application/xhtml+xml'],
    ];
    for (const [name, type] of files) {
      const headers = await served(alice, name, type, 'alert(document.cookie)');
      expect(headers.get('content-type'), name).toBe('application/octet-stream');
      expect(headers.get('content-disposition'), name).toMatch(/^attachment/);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('content-security-policy')).toMatch(/sandbox/);
    }
  });

  it('still serves images inline with their type', async ({ alice }) => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const headers = await served(alice, 'photo.png', 'image/png', png);
    expect(headers.get('content-type')).toBe('image/png');
    expect(headers.get('content-disposition')).toMatch(/^inline/);
  });
});

describe('NUL bytes never reach PostgreSQL', () => {
  it('a NUL byte in a multipart file name answers E0003', async ({ alice }) => {
    const boundary = 'x-boundary-42';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a`),
      Buffer.from([0]),
      Buffer.from(`b.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`),
    ]);
    for (const path of ['/v1/knowledge/resource/createWithFile', '/v1/misc/upload']) {
      const res = await alice.client
        .fetch(path, {
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          body,
        })
        .then(wrapped);
      expect(res.status, path).toBe(200);
      expect(res.body, path).toMatchObject({ success: false, errCode: 'E0003' });
    }
  });

  it('a NUL character in a JSON string answers E0003', async ({ alice }) => {
    const res = await createCanvas(alice.client, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'a\u0000b' }),
    });
    expect(res).toMatchObject({ status: 200, body: { success: false, errCode: 'E0003' } });
  });
});

describe('login costs a password check whether or not the email exists', () => {
  it('verifies against a dummy hash for an unknown email', async ({ server, alice }) => {
    const spy = vi.mocked(verifyPassword);
    spy.mockClear();
    const res = await server
      .client()
      .fetch('/v1/auth/email/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail('ghost'), password: 'whatever-1' }),
      })
      .then(wrapped);
    expect(res.body).toMatchObject({ success: false, errCode: 'E0005' });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]![0]).toMatch(/^\$argon2id\$/);
    expect(await spy.mock.results[0]!.value).toBe(false);

    spy.mockClear();
    const wrong = await server.client().fetch('/v1/auth/email/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: alice.email, password: 'not-the-password' }),
    });
    expect((await wrapped(wrong)).body.errCode).toBe('E0006');
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('verifies against a dummy hash for an account without a password (identity-provider only)', async ({
    server,
  }) => {
    const u = await buildUser(server);
    await server.server.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.uid, u.uid));
    const spy = vi.mocked(verifyPassword);
    spy.mockClear();
    const res = await server
      .client()
      .fetch('/v1/auth/email/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: u.email, password: u.password }),
      })
      .then(wrapped);
    expect(res.body).toMatchObject({ success: false, errCode: 'E0005' });
    expect(res.body.errMsg).toMatch(/no password/);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]![0]).toMatch(/^\$argon2id\$/);
  });
});
