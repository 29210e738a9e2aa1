/**
 * Sign-in with GitHub and Google against fake providers on 127.0.0.1 speaking the real protocol:
 * authorization redirect with state (and PKCE for Google), code exchange, profile, then account
 * creation or linking, the session cookies and the redirect back to the app.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { buildUser, uniqueEmail } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import type { TestClient } from './helpers/http.js';

interface GitHubProfile {
  provider: 'github';
  id: number;
  login: string;
  name: string | null;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
}
interface GoogleProfile {
  provider: 'google';
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}
type Profile = GitHubProfile | GoogleProfile;

const CLIENTS = {
  github: { id: 'gh-client', secret: 'gh-secret' },
  google: { id: 'google-client', secret: 'google-secret' },
};

/** A fake GitHub (OAuth + REST API) and a fake Google (OAuth + OIDC ID token) in one HTTP server. */
class FakeProviders {
  readonly codes = new Map<string, { profile: Profile; challenge: string | null }>();
  readonly tokens = new Map<string, GitHubProfile>();
  readonly tokenRequests: URLSearchParams[] = [];
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.handle(req).then(
        ({ status, body }) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        },
        (err: unknown) => {
          res.writeHead(500);
          res.end(String(err));
        },
      );
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((r) => this.server.close(r));
  }

  /** What the provider does when the person approves: a one-time code for this profile. */
  issueCode(profile: Profile, challenge: string | null): string {
    const code = randomBytes(8).toString('hex');
    this.codes.set(code, { profile, challenge });
    return code;
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(req.url ?? '/', this.url);
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const basic = (req.headers.authorization ?? '').replace(/^Basic /, '');
    const [clientId, secret] = Buffer.from(basic, 'base64').toString().split(':');

    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const form = new URLSearchParams(raw);
      this.tokenRequests.push(form);
      if (clientId !== CLIENTS.github.id || secret !== CLIENTS.github.secret)
        return { status: 401, body: { error: 'invalid_client' } };
      const grant = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      // GitHub answers a bad code with HTTP 200 and an error field
      if (!grant || grant.profile.provider !== 'github')
        return { status: 200, body: { error: 'bad_verification_code' } };
      const token = `gho_${randomBytes(8).toString('hex')}`;
      this.tokens.set(token, grant.profile);
      return {
        status: 200,
        body: { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' },
      };
    }
    if (req.method === 'GET' && (url.pathname === '/user' || url.pathname === '/user/emails')) {
      const profile = this.tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!profile) return { status: 401, body: { message: 'Bad credentials' } };
      if (url.pathname === '/user/emails') return { status: 200, body: profile.emails };
      return { status: 200, body: { id: profile.id, login: profile.login, name: profile.name, email: null } };
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(raw);
      this.tokenRequests.push(form);
      if (clientId !== CLIENTS.google.id || secret !== CLIENTS.google.secret)
        return { status: 401, body: { error: 'invalid_client' } };
      const grant = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!grant || grant.profile.provider !== 'google' || grant.challenge !== challenge) {
        return { status: 400, body: { error: 'invalid_grant' } };
      }
      const { sub, email, email_verified, name } = grant.profile;
      const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const claims = {
        iss: this.url,
        aud: CLIENTS.google.id,
        sub,
        email,
        email_verified,
        name,
        iat: 0,
        exp: 4102444800,
      };
      const idToken = `${enc({ alg: 'RS256', typ: 'JWT' })}.${enc(claims)}.${randomBytes(16).toString('base64url')}`;
      return {
        status: 200,
        body: { access_token: 'ya29.x', expires_in: 3599, token_type: 'Bearer', id_token: idToken },
      };
    }
    return { status: 404, body: { error: 'not_found' } };
  }
}

const fake = new FakeProviders();

function github(overrides: Partial<GitHubProfile> = {}): GitHubProfile {
  const id = Math.floor(Math.random() * 1e9);
  return {
    provider: 'github',
    id,
    login: `octo${id}`,
    name: 'Octo Cat',
    emails: [
      { email: `noreply-${id}@users.example`, primary: false, verified: true },
      { email: uniqueEmail('gh'), primary: true, verified: true },
    ],
    ...overrides,
  };
}

function google(overrides: Partial<GoogleProfile> = {}): GoogleProfile {
  return {
    provider: 'google',
    sub: randomBytes(8).toString('hex'),
    email: uniqueEmail('g'),
    email_verified: true,
    name: 'Gee User',
    ...overrides,
  };
}

async function signInWith(client: TestClient, profile: Profile, redirect?: string) {
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  const start = await client.fetch(`/v1/auth/${profile.provider}${query}`);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  const code = fake.issueCode(profile, authorize.searchParams.get('code_challenge'));
  const state = authorize.searchParams.get('state')!;
  const callback = await client.fetch(
    `/v1/auth/${profile.provider}/callback?code=${code}&state=${encodeURIComponent(state)}`,
  );
  return { authorize, callback, location: callback.headers.get('location') };
}

async function settingsOf(client: TestClient) {
  const res = await client.fetch('/v1/user/settings');
  return (
    (await res.json()) as {
      data: {
        uid: string;
        email: string | null;
        emailVerified: boolean;
        nickname: string | null;
        authProviders: string[];
      };
    }
  ).data;
}

beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});

// the env is read when the server starts, after beforeAll has started the fake providers
const it = serverTest(() => ({
  AUTH_RATE_LIMIT_PER_IP: '100000',
  GITHUB_CLIENT_ID: CLIENTS.github.id,
  GITHUB_CLIENT_SECRET: CLIENTS.github.secret,
  GITHUB_OAUTH_BASE_URL: fake.url,
  GITHUB_API_BASE_URL: fake.url,
  GOOGLE_CLIENT_ID: CLIENTS.google.id,
  GOOGLE_CLIENT_SECRET: CLIENTS.google.secret,
  GOOGLE_OAUTH_BASE_URL: fake.url,
}));

describe('GitHub', () => {
  it('creates an account on first sign-in and signs the same account in next time', async ({ server }) => {
    const { publicUrl } = server.server.ctx.config;
    const profile = github();
    const client = server.client();
    const first = await signInWith(client, profile);
    expect(first.authorize.origin + first.authorize.pathname).toBe(`${fake.url}/login/oauth/authorize`);
    expect(first.authorize.searchParams.get('client_id')).toBe(CLIENTS.github.id);
    expect(first.authorize.searchParams.get('redirect_uri')).toBe(`${publicUrl}/v1/auth/github/callback`);
    expect(first.callback.status).toBe(302);
    expect(first.location).toBe(`${publicUrl}/`);
    const uid = client.jar.get('atelier_uid');
    expect(uid).toBeTruthy();
    expect(client.jar.get('atelier_oauth_state')).toBeUndefined();

    const me = await settingsOf(client);
    expect(me).toMatchObject({
      uid,
      email: profile.emails[1]!.email,
      emailVerified: true,
      nickname: 'Octo Cat',
      authProviders: ['github'],
    });

    const again = server.client();
    await signInWith(again, profile);
    expect(again.jar.get('atelier_uid')).toBe(uid);
  });

  it('links to the email account with the same verified address', async ({ server }) => {
    const u = await buildUser(server);
    const client = server.client();
    await signInWith(
      client,
      github({ emails: [{ email: u.email.toUpperCase(), primary: true, verified: true }] }),
    );
    expect(client.jar.get('atelier_uid')).toBe(u.uid);
    expect((await settingsOf(client)).authProviders).toEqual(['email', 'github']);
  });

  it('does not trust an unverified email: a separate account without one', async ({ server }) => {
    const u = await buildUser(server);
    const client = server.client();
    await signInWith(client, github({ emails: [{ email: u.email, primary: true, verified: false }] }));
    const me = await settingsOf(client);
    expect(me.uid).not.toBe(u.uid);
    expect(me).toMatchObject({ email: null, emailVerified: false });
  });

  it('tells an OAuth-only account that it has no password', async ({ server }) => {
    const profile = github();
    await signInWith(server.client(), profile);
    const res = await server.client().fetch('/v1/auth/email/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: profile.emails[1]!.email, password: 'whatever1' }),
    });
    const body = (await res.json()) as { errCode: string; errMsg: string };
    expect(body.errCode).toBe('E0005');
    expect(body.errMsg).toContain('GitHub');
  });
});

describe('Google', () => {
  it('signs in with PKCE and links to an existing email account', async ({ server }) => {
    const { publicUrl } = server.server.ctx.config;
    const u = await buildUser(server);
    const client = server.client();
    const { authorize, location } = await signInWith(client, google({ email: u.email }), '/canvas/c-123?x=1');
    expect(authorize.origin + authorize.pathname).toBe(`${fake.url}/o/oauth2/v2/auth`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    expect(location).toBe(`${publicUrl}/canvas/c-123?x=1`);
    expect(client.jar.get('atelier_uid')).toBe(u.uid);
    expect((await settingsOf(client)).authProviders).toEqual(['email', 'google']);
  });

  it('creates a new account and keeps it on the next sign-in', async ({ server }) => {
    const profile = google();
    const a = server.client();
    await signInWith(a, profile);
    const b = server.client();
    await signInWith(b, profile);
    expect(b.jar.get('atelier_uid')).toBe(a.jar.get('atelier_uid'));
    expect(await settingsOf(b)).toMatchObject({
      email: profile.email,
      nickname: 'Gee User',
      authProviders: ['google'],
    });
  });

  it('fails with E0004 when the code verifier cookie is lost', async ({ server }) => {
    const { publicUrl } = server.server.ctx.config;
    const client = server.client();
    const start = await client.fetch('/v1/auth/google');
    const authorize = new URL(start.headers.get('location')!);
    const code = fake.issueCode(google(), authorize.searchParams.get('code_challenge'));
    client.jar.set(
      'atelier_oauth_verifier',
      'forged-verifier-forged-verifier-forged-verifier',
      '/v1/auth/google/callback',
    );
    const cb = await client.fetch(
      `/v1/auth/google/callback?code=${code}&state=${authorize.searchParams.get('state')}`,
    );
    expect(cb.headers.get('location')).toBe(`${publicUrl}/?authError=E0004`);
    expect(client.jar.get('atelier_uid')).toBeUndefined();
  });
});

describe('failures', () => {
  it('redirects with E0004 on a state mismatch, a missing state, a provider error or a bad code', async ({
    server,
  }) => {
    const { publicUrl } = server.server.ctx.config;
    const client = server.client();
    const start = await client.fetch('/v1/auth/github');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const code = fake.issueCode(github(), null);

    const cases = [
      `/v1/auth/github/callback?code=${code}&state=${state}x`,
      `/v1/auth/github/callback?code=${code}`,
      `/v1/auth/github/callback?error=access_denied&state=${state}`,
    ];
    for (const path of cases) {
      const again = server.client();
      const s = await again.fetch('/v1/auth/github');
      expect(s.status).toBe(302);
      const res = await again.fetch(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe(`${publicUrl}/?authError=E0004`);
      expect(again.jar.get('atelier_uid'), path).toBeUndefined();
    }
    // a callback without any start (no state cookie)
    const stranger = await server.client().fetch(`/v1/auth/github/callback?code=${code}&state=${state}`);
    expect(stranger.headers.get('location')).toBe(`${publicUrl}/?authError=E0004`);
    // the provider refuses the code
    const bad = await client.fetch(`/v1/auth/github/callback?code=unknown-code&state=${state}`);
    expect(bad.headers.get('location')).toBe(`${publicUrl}/?authError=E0004`);
    expect(client.jar.get('atelier_uid')).toBeUndefined();
  });

  it('never redirects to another site after sign-in', async ({ server }) => {
    const { publicUrl } = server.server.ctx.config;
    for (const target of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const client = server.client();
      const { location } = await signInWith(client, github(), target);
      expect(location, target).toBe(`${publicUrl}/`);
    }
  });

  // a server without providers: auth-oauth-off.test.ts
  it('announces both configured providers and answers E0003 for an unknown one', async ({ server }) => {
    const config = (await (await server.client().fetch('/v1/auth/config')).json()) as { data: object };
    expect(config.data).toMatchObject({ github: true, google: true });
    const unknown = (await (await server.client().fetch('/v1/auth/gitlab')).json()) as { errCode: string };
    expect(unknown.errCode).toBe('E0003');
  });
});
