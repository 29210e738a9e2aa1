/**
 * The contract table against the running server: OpenAPI lists every route, unimplemented routes
 * answer 501 (and are printed, so nothing is silently missing), and the cross-cutting promises of
 * every answer: trace ids, 404 wrapper, security headers, CORS, error mapping with/without stack.
 */
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { describe, expect } from 'vitest';
import { routeList, type RouteDef } from '@atelier/contract';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { unimplementedRoutes } from '../src/http/register.js';
import { type Wrapped } from './helpers/http.js';
import type { TestServer } from './helpers/server.js';
import { serverTest } from './helpers/fixtures.js';

const it = serverTest({ CORS_ORIGINS: 'https://app.example.com, https://other.example.com' });

const fillPath = (path: string) => path.replace(/\{(\w+)\}/g, 'x');

/** The handler map the running server registered its routes from. */
const handlerMap = (server: TestServer) => server.server.handlers;

describe('route table coverage', () => {
  it('GET /v1/openapi.json lists every route of the contract table', async ({ server }) => {
    const res = await fetch(`${server.url}/v1/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(doc.openapi).toMatch(/^3\.1/);
    const missing = (routeList as readonly RouteDef[]).filter(
      (r) => doc.paths[r.path]?.[r.method.toLowerCase()]?.operationId !== r.id,
    );
    expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('answers 501 E0000 naming the route for every route without a handler (and prints them)', async ({
    server,
  }) => {
    const pending = unimplementedRoutes(handlerMap(server));
    console.log(
      `not yet implemented (${pending.length} of ${routeList.length} routes):\n` +
        pending.map((id) => `  ${id}`).join('\n'),
    );
    const wrong: string[] = [];
    for (const id of pending) {
      const def = (routeList as readonly RouteDef[]).find((r) => r.id === id)!;
      const res = await fetch(`${server.url}/v1${fillPath(def.path)}`, {
        method: def.method,
        ...(def.method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }),
      });
      const body = (await res.json()) as Wrapped;
      const expected = `Not implemented: ${def.method} ${def.path}`;
      if (res.status !== 501 || body.errCode !== 'E0000' || body.errMsg !== expected) {
        wrong.push(`${id}: ${res.status} ${body.errCode} ${body.errMsg}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('every answer', () => {
  it('carries a traceId equal to its x-trace-id header (success, errors, 401, 404, 501)', async ({
    server,
  }) => {
    const calls: Array<[string, RequestInit?]> = [
      ['/v1/health'],
      ['/v1/user/settings'],
      ['/v1/nope/nothing'],
      [
        '/v1/auth/email/login',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":1}' },
      ],
      [
        '/v1/auth/email/login',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad json' },
      ],
    ];
    const pending = unimplementedRoutes(handlerMap(server));
    const unimplemented = (routeList as readonly RouteDef[]).find(
      (r) => r.id === pending[0] && r.method === 'GET',
    );
    if (unimplemented) calls.push([`/v1${fillPath(unimplemented.path)}`]);
    const ids = new Set<string>();
    for (const [path, init] of calls) {
      const res = await fetch(`${server.url}${path}`, init);
      const body = (await res.json()) as Wrapped;
      expect(body.traceId, path).toMatch(/^[a-z2-7]{16}$/);
      expect(res.headers.get('x-trace-id'), path).toBe(body.traceId);
      ids.add(body.traceId);
    }
    expect(ids.size).toBe(calls.length);
  });

  it('an unknown /v1 path answers the 404 wrapper', async ({ server }) => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await fetch(`${server.url}/v1/does/not/exist?x=1`, { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({
        success: false,
        errCode: 'E0000',
        errMsg: `Not found: ${method} /v1/does/not/exist`,
      });
    }
  });

  it('has the security headers', async ({ server }) => {
    const res = await fetch(`${server.url}/v1/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("object-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('allows CORS from a configured origin only, with credentials', async ({ server }) => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/v1/user/settings`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type',
        },
      });
    const ok = await preflight('https://app.example.com');
    expect(ok.status).toBeLessThan(300);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
    expect(ok.headers.get('access-control-allow-methods')).toContain('PUT');
    const other = await preflight('https://evil.example.com');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    const simple = await fetch(`${server.url}/v1/health`, {
      headers: { origin: 'https://other.example.com' },
    });
    expect(simple.headers.get('access-control-allow-origin')).toBe('https://other.example.com');
    expect(simple.headers.get('access-control-expose-headers')).toContain('x-trace-id');
    const foreign = await fetch(`${server.url}/v1/health`, {
      headers: { origin: 'https://evil.example.com' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('a thrown error', () => {
  /** An app on the given NODE_ENV; without one, the default a plain `npm start` runs with. */
  async function appThatThrows(server: TestServer, nodeEnv?: 'development' | 'production') {
    const config = loadConfig({
      ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}),
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: server.dataDir,
    });
    const app = await buildApp({
      config,
      handlers: {
        'system.health': async () => {
          throw new Error('kaboom: secret internals');
        },
        // a handler answering a shape the contract does not allow is a server bug too
        'system.config': async () => ({ nonsense: true }) as never,
      },
      authenticate: async () => null,
      logger: pino({ level: 'silent' }),
      webDistDir: null,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return { app, url: `http://127.0.0.1:${port}` };
  }

  it('answers 500 E0000 with the stack outside production', async ({ server }) => {
    const { app, url } = await appThatThrows(server, 'development');
    try {
      const res = await fetch(`${url}/v1/health`);
      expect(res.status).toBe(500);
      const body = (await res.json()) as Wrapped;
      expect(body).toMatchObject({
        success: false,
        errCode: 'E0000',
        errMsg: 'An unknown error has occurred, please try again later',
      });
      expect(body.stack).toContain('kaboom: secret internals');
      expect(res.headers.get('x-trace-id')).toBe(body.traceId);
      const mismatch = (await (await fetch(`${url}/v1/system/config`)).json()) as Wrapped;
      expect(mismatch.errCode).toBe('E0000');
      expect(mismatch.stack).toContain('does not match the contract');
    } finally {
      await app.close();
    }
  });

  it('answers 500 E0000 without the stack or the message in production', async ({ server }) => {
    const { app, url } = await appThatThrows(server, 'production');
    try {
      const res = await fetch(`${url}/v1/health`);
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).not.toContain('kaboom');
      const body = JSON.parse(text) as Wrapped;
      expect(body).toMatchObject({ success: false, errCode: 'E0000' });
      expect(body.stack).toBeUndefined();
      expect(body.traceId).toEqual(expect.any(String));
    } finally {
      await app.close();
    }
  });

  it('without NODE_ENV runs as production: no stack, no loopback-origin exemption', async ({ server }) => {
    const { app, url } = await appThatThrows(server);
    try {
      const res = await fetch(`${url}/v1/health`);
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).not.toContain('kaboom');
      expect((JSON.parse(text) as Wrapped).stack).toBeUndefined();
      // a page on another port of the same host (e.g. any local dev server) riding the user's cookies
      const forged = await fetch(`${url}/v1/canvas/create`, {
        method: 'POST',
        headers: { origin: 'http://localhost:5173', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(forged.status).toBe(403);
      const refused = (await forged.json()) as Wrapped;
      expect(refused).toMatchObject({ success: false, errCode: 'E0003' });
      expect(refused.errMsg).toContain("origin 'http://localhost:5173'");
    } finally {
      await app.close();
    }
  });

  it('in development accepts the Vite dev server on another loopback port', async ({ server }) => {
    const { app, url } = await appThatThrows(server, 'development');
    try {
      const res = await fetch(`${url}/v1/canvas/create`, {
        method: 'POST',
        headers: { origin: 'http://localhost:5173', 'content-type': 'application/json' },
        body: '{}',
      });
      // past the origin check: the route has no handler in this app (501), not the guard's 403
      expect(res.status).not.toBe(403);
    } finally {
      await app.close();
    }
  });
});
