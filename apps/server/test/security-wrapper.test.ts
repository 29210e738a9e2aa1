/**
 * Security fixes of issue 9 over real HTTP, part 2: every /v1 answer uses the wrapper, also the
 * errors Node's HTTP parser and Fastify's router answer themselves (raw sockets and fetch).
 */
import { connect } from 'node:net';
import { describe, expect } from 'vitest';
import type { TestServer } from './helpers/server.js';
import { serverTest } from './helpers/fixtures.js';

const it = serverTest();

interface Wrapper {
  success: boolean;
  errCode?: string;
  errMsg?: string;
  traceId?: string;
}

/** Sends raw bytes and answers the whole response (the server closes the connection). */
function rawRequest(server: TestServer, request: string | Buffer): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
}

function expectWrapper(body: string, what: string): Wrapper {
  let parsed: Wrapper;
  try {
    parsed = JSON.parse(body) as Wrapper;
  } catch {
    throw new Error(`${what}: not a JSON wrapper: ${body.slice(0, 200)}`);
  }
  expect(parsed, what).toMatchObject({ success: false, errCode: expect.any(String) });
  expect(typeof parsed.errMsg, what).toBe('string');
  expect(typeof parsed.traceId, what).toBe('string');
  return parsed;
}

describe('every /v1 answer uses the wrapper', () => {
  it('URL too long (414)', async ({ server }) => {
    const res = await rawRequest(
      server,
      `GET /v1/misc/static/${'a'.repeat(400)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expectWrapper(res.body, 'long param');
    const longUrl = await rawRequest(
      server,
      `GET /v1/user/settings?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect([414, 431]).toContain(longUrl.status);
    expectWrapper(longUrl.body, 'long url');
  });

  it('headers too large (431) and a malformed request (400)', async ({ server }) => {
    const big = await rawRequest(
      server,
      `GET /v1/user/settings HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expect(big.status).toBe(431);
    expectWrapper(big.body, 'headers too large');
    const garbage = await rawRequest(server, 'GET /v1/user/settings HTTP/1.1\r\nHost x\r\n\r\n');
    expect(garbage.status).toBe(400);
    expectWrapper(garbage.body, 'malformed request');
  });

  it('bad percent-encoding, malformed JSON, unsupported media type, body too large', async ({ server }) => {
    const client = server.client();
    const cases: Array<[string, RequestInit, string]> = [
      ['/v1/canvas/detail?canvasId=%E0%A4%A', {}, 'bad query encoding'],
      ['/v1/%E0%A4%A/x', {}, 'bad path encoding'],
      [
        '/v1/canvas/create',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":' },
        'malformed JSON',
      ],
      [
        '/v1/canvas/create',
        { method: 'POST', headers: { 'content-type': 'application/x-unknown' }, body: 'x' },
        'unsupported media type',
      ],
      [
        '/v1/canvas/create',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(200_000) },
        'body too large',
      ],
      [
        '/v1/canvas/create',
        { method: 'POST', headers: { 'content-type': 'application/json; charset=latin1' }, body: '{}' },
        'unsupported charset',
      ],
    ];
    for (const [path, init, what] of cases) {
      const res = await client.fetch(path, init);
      expect(res.status, what).toBeLessThan(500);
      expectWrapper(await res.text(), what);
    }
  });
});
