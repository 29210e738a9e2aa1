/**
 * Test factories over the real HTTP API: `buildUser` signs a new account up through the same
 * flow a person uses (signup → code from the development outbox → check) and hands back a
 * signed-in client; `loginAs` signs an existing account in with a fresh client.
 */
import { randomBytes } from 'node:crypto';
import type { TestClient } from './http.js';
import type { TestServer } from './server.js';

export interface BuiltUser {
  /** A client holding this user's session cookies. */
  client: TestClient;
  uid: string;
  email: string;
  password: string;
}

export interface BuildUserOptions {
  email?: string;
  password?: string;
}

let counter = 0;

/** A fresh address per call: unique across test files running in parallel. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(4).toString('hex')}@example.test`;
}

export async function buildUser(
  testServer: TestServer,
  overrides: BuildUserOptions = {},
): Promise<BuiltUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? `pw-${randomBytes(8).toString('hex')}`;
  const client = testServer.client();
  // Each built user signs up from its own address (X-Forwarded-For; the app trusts the proxy
  // header), so a test can build many users without tripping the per-IP auth rate limit.
  const ip = `10.${randomBytes(3).join('.')}`;
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip };
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await client.fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = (await res.json()) as { success: boolean; errCode?: string; errMsg?: string; data?: T };
    if (!json.success || json.data === undefined) {
      throw new Error(`buildUser: ${path} failed (${res.status} ${json.errCode ?? ''} ${json.errMsg ?? ''})`);
    }
    return json.data;
  };

  const signup = await post<{ sessionId?: string; loggedIn: boolean }>('/v1/auth/email/signup', {
    email,
    password,
  });
  if (signup.loggedIn) {
    // EMAIL_VERIFICATION=false: signed in already.
    const settings = await client.api.call('user.settings.get');
    return { client, uid: settings.uid, email, password };
  }
  const normalized = email.trim().toLowerCase();
  const mail = testServer
    .outbox()
    .filter((m) => m.to === normalized && m.purpose === 'signup')
    .at(-1);
  if (!mail?.code || !signup.sessionId)
    throw new Error(`buildUser: no verification code was mailed to ${email}`);
  const checked = await post<{ user: { uid: string } }>('/v1/auth/verification/check', {
    sessionId: signup.sessionId,
    code: mail.code,
  });
  return { client, uid: checked.user.uid, email, password };
}

/** Signs an existing account in with a new client. */
export async function loginAs(testServer: TestServer, email: string, password: string): Promise<TestClient> {
  const client = testServer.client();
  await client.api.call('auth.email.login', { body: { email, password } });
  return client;
}
