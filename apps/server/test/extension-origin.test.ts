/**
 * The browser extension's origin (docs/extension.md): a `chrome-extension://<id>` listed in
 * CORS_ORIGINS may make credentialed calls (preflight answered, writes accepted); another
 * extension's writes are refused with E0003, and anonymous calls from the listed one stay E0004.
 */
import { describe, expect } from 'vitest';
import { serverTest } from './helpers/fixtures.js';

const EXTENSION = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const OTHER = 'chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba';

const it = serverTest({ CORS_ORIGINS: `https://app.example.com, ${EXTENSION}` });

interface Wrapper {
  success: boolean;
  errCode?: string;
  data?: { canvasId?: string };
}

describe('an extension origin in CORS_ORIGINS', () => {
  it('answers the preflight with credentials for the listed extension only', async ({ server }) => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/v1/knowledge/resource/create`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const ok = await preflight(EXTENSION);
    expect(ok.headers.get('access-control-allow-origin')).toBe(EXTENSION);
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await preflight(OTHER);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('accepts writes from the listed extension and refuses another one', async ({ alice }) => {
    const create = (origin: string) =>
      alice.client
        .fetch('/v1/canvas/create', {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'From the extension' }),
        })
        .then(async (res) => ({ status: res.status, body: (await res.json()) as Wrapper }));

    const ok = await create(EXTENSION);
    expect(ok.body).toMatchObject({ success: true });
    const refused = await create(OTHER);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, errCode: 'E0003' });
  });

  it('does not let the extension origin stand in for a session', async ({ server }) => {
    const res = await fetch(`${server.url}/v1/canvas/create`, {
      method: 'POST',
      headers: { origin: EXTENSION, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'anonymous' }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as Wrapper).success).toBe(false);
  });
});
