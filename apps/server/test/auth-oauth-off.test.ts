/**
 * Sign-in with GitHub and Google on a server where neither is configured (auth-oauth.test.ts has
 * both, against fake providers): starting or finishing either answers E0004, and the auth config
 * announces neither.
 */
import { expect } from 'vitest';
import { serverTest } from './helpers/fixtures.js';

const it = serverTest();

it('answers E0004 for a provider that is not configured', async ({ server }) => {
  const client = server.client();
  for (const provider of ['github', 'google']) {
    const res = await client.fetch(`/v1/auth/${provider}`);
    const body = (await res.json()) as { success: boolean; errCode: string };
    expect(body).toMatchObject({ success: false, errCode: 'E0004' });
  }
  const cb = await client.fetch('/v1/auth/github/callback?code=x&state=y');
  expect(cb.headers.get('location')).toBe(`${server.server.ctx.config.publicUrl}/?authError=E0004`);
  const config = await client.get<object>('/v1/auth/config');
  expect(config.body.data).toMatchObject({ github: false, google: false });
});
