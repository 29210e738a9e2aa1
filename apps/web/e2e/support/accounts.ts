/** Accounts for tests, created through the real API (sign up, code from the outbox, verify). */
import type { APIRequestContext } from 'playwright-core';
import type { TestServer } from './server';

let counter = 0;

export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const TEST_PASSWORD = 'correct-horse-battery';

/**
 * Creates a verified account. With `request` from a browser context the session cookies land
 * in that context, so the next page load is signed in.
 */
export async function createAccount(
  server: TestServer,
  request: APIRequestContext,
  email = uniqueEmail('user'),
  password = TEST_PASSWORD,
): Promise<{ email: string; password: string }> {
  const signup = await request.post('/v1/auth/email/signup', { data: { email, password } });
  const signupBody = (await signup.json()) as { success: boolean; data?: { sessionId?: string } };
  if (!signupBody.success || !signupBody.data?.sessionId)
    throw new Error(`signup failed: ${JSON.stringify(signupBody)}`);
  const code = await server.codeFor(email, 'signup');
  const check = await request.post('/v1/auth/verification/check', {
    data: { sessionId: signupBody.data.sessionId, code },
  });
  const checkBody = (await check.json()) as { success: boolean };
  if (!checkBody.success) throw new Error(`verification failed: ${JSON.stringify(checkBody)}`);
  return { email, password };
}

export async function signIn(
  request: APIRequestContext,
  email: string,
  password = TEST_PASSWORD,
): Promise<void> {
  const res = await request.post('/v1/auth/email/login', { data: { email, password } });
  const body = (await res.json()) as { success: boolean };
  if (!body.success) throw new Error(`login failed: ${JSON.stringify(body)}`);
}
