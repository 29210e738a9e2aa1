/**
 * Limits every entry point shares, over real HTTP: a JSON body nested deeper than the parser's
 * bound answers E0003 (it was HTTP 500 with a RangeError stack), on /v1 and on /mcp; and the share
 * pages count in a per-IP window of their own (SHARE_RATE_LIMIT_PER_IP), so /share/* answers 429
 * past it instead of serving every request.
 */
import { describe, expect } from 'vitest';
import type { CreatedApiToken } from '@atelier/contract';
import { serverTest } from './helpers/fixtures.js';
import { expectData } from './helpers/items.js';

const it = serverTest({ SHARE_RATE_LIMIT_PER_IP: '5' });

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('a deeply nested JSON body', () => {
  it('answers E0003 on a /v1 route, not a 500 with a stack', async ({ alice }) => {
    const res = await alice.client.fetch('/v1/mcp-server/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"name":"deep","type":"streamable","url":"https://mcp.example.com","headers":${nested(10_000)}}`,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; errCode?: string; stack?: string };
    expect(body).toMatchObject({ success: false, errCode: 'E0003' });
    expect(body.stack).toBeUndefined();
  });

  it('answers E0003 on /mcp too', async ({ alice, server }) => {
    const { token } = expectData<CreatedApiToken>(
      await alice.post('/v1/user/apiToken/create', { name: 'mcp', scope: 'read' }),
    );
    const res = await fetch(new URL('/mcp', server.url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: nested(10_000),
    });
    expect(res.status).toBeLessThan(500);
    expect(await res.text()).toContain('E0003');
  });

  it('still takes a body of ordinary depth', async ({ alice }) => {
    const res = await alice.client.fetch('/v1/canvas/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Ordinary' }),
    });
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
  });
});

describe('the share pages', () => {
  it('answer 429 past SHARE_RATE_LIMIT_PER_IP requests a minute from one address', async ({ server }) => {
    const from = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${server.url}/share/sh-unknown-${i}`, { headers: from });
      await res.body?.cancel();
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // another address has its own window
    const other = await fetch(`${server.url}/share/sh-unknown`, {
      headers: { 'x-forwarded-for': '203.0.113.78' },
    });
    await other.body?.cancel();
    expect(other.status).toBe(404);
  });
});
