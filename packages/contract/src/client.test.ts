// The typed client against a real HTTP server: unwrapping, error mapping, refresh replay, URLs.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, createApiClient, type ApiClientOptions } from './client.js';
import type { Canvas } from './entities/canvas.js';
import { TRANSPORT_CODES } from './errors.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Reply = { status?: number; headers?: Record<string, string>; body?: unknown };
type Handler = (request: Seen, count: number) => Reply;

let server: Server;
let baseUrl: string;
let handler: Handler;
let seen: Seen[];

const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});
const ok = (data: unknown, traceId = 'trace-ok') => json({ success: true, traceId, data });

function respond(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const request: Seen = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    };
    seen.push(request);
    const reply = handler(request, seen.length);
    res.writeHead(reply.status ?? 200, reply.headers ?? {});
    res.end(typeof reply.body === 'string' ? reply.body : undefined);
  });
}

beforeAll(async () => {
  server = createServer(respond);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen = [];
  handler = () => ok(null);
});

const client = (options: Partial<ApiClientOptions> = {}) => createApiClient({ baseUrl, ...options });

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

const canvas = {
  canvasId: 'c-1',
  title: 'Plan',
  readOnly: false,
  status: 'ready',
  createdAt: 'x',
  updatedAt: 'y',
};

describe('createApiClient', () => {
  it('unwraps data of a successful answer and sends credentials and redirect options', async () => {
    handler = () => ok(canvas);
    const inits: RequestInit[] = [];
    const api = client({
      fetch: (input, init) => {
        inits.push(init ?? {});
        return fetch(input, init);
      },
      headers: () => ({ 'x-client': 'test' }),
    });
    await expect(api.call('canvas.detail', { query: { canvasId: 'c-1' } })).resolves.toEqual(canvas);
    expect(inits[0]).toMatchObject({ method: 'GET', credentials: 'include', redirect: 'follow' });
    expect(seen[0]?.url).toBe('/v1/canvas/detail?canvasId=c-1');
    expect(seen[0]?.headers['x-client']).toBe('test');
  });

  it('sends JSON bodies with a JSON content type and FormData as multipart', async () => {
    await client().call('canvas.create', { body: { title: 'New' } });
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"title":"New"}' });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    const form = new FormData();
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    await client().call('misc.upload', { body: form });
    expect(seen[1]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[1]?.body).toContain('hello');
  });

  it('turns success:false into an ApiError with code, message, trace id and stack', async () => {
    handler = () =>
      json({ success: false, errCode: 'E1000', errMsg: 'Canvas not found', traceId: 't-42', stack: 'at x' });
    const error = await rejection(client().call('canvas.detail', { query: { canvasId: 'gone' } }));
    expect(error).toMatchObject({
      errCode: 'E1000',
      message: 'Canvas not found',
      traceId: 't-42',
      status: 200,
      serverStack: 'at x',
    });
    await expect(client().request('canvas.detail', { query: { canvasId: 'gone' } })).resolves.toMatchObject({
      success: false,
      errCode: 'E1000',
      traceId: 't-42',
    });
  });

  it('treats 204 as success with empty data', async () => {
    handler = () => ({ status: 204, headers: { 'x-trace-id': 't-204' } });
    await expect(client().call('canvas.delete', { body: { canvasId: 'c-1' } })).resolves.toBeUndefined();
    await expect(client().request('canvas.delete', { body: { canvasId: 'c-1' } })).resolves.toEqual({
      success: true,
      traceId: 't-204',
    });
  });

  it('treats an OK answer that is not JSON as success without data', async () => {
    handler = () => ({ status: 200, headers: { 'content-type': 'text/markdown' }, body: '# Title' });
    await expect(
      client().call('knowledge.document.export', { query: { docId: 'd-1' } }),
    ).resolves.toBeUndefined();
  });

  it('maps an OK answer with broken JSON to the thrown code', async () => {
    handler = () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"success":' });
    const error = await rejection(client().call('canvas.list'));
    expect(error.errCode).toBe(TRANSPORT_CODES.thrown);
  });

  it('replays a request once after a successful refresh on 401', async () => {
    handler = (_request, count) =>
      count === 1 ? json({ success: false, errCode: 'E0011', traceId: 't' }, 401) : ok([canvas]);
    let refreshes = 0;
    const api = client({ onUnauthorized: () => Promise.resolve(++refreshes > 0) });
    await expect(api.call('canvas.list')).resolves.toEqual([canvas]);
    expect(refreshes).toBe(1);
    expect(seen).toHaveLength(2);
  });

  it('shares one refresh between concurrent 401s and does not loop when the replay is 401 again', async () => {
    handler = () => json({ success: false, traceId: 't' }, 401);
    let refreshes = 0;
    const api = client({
      onUnauthorized: async () => {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return true;
      },
    });
    const errors = await Promise.all([
      rejection(api.call('canvas.list')),
      rejection(api.call('project.list')),
    ]);
    expect(errors.map((error) => [error.errCode, error.status])).toEqual([
      [TRANSPORT_CODES.unauthorized, 401],
      [TRANSPORT_CODES.unauthorized, 401],
    ]);
    expect(refreshes).toBe(1);
    expect(seen).toHaveLength(4);
  });

  it('rejects a 401 with the unauthorized code when the refresh fails', async () => {
    handler = () => ({ status: 401 });
    let refreshes = 0;
    const api = client({ onUnauthorized: () => Promise.resolve(++refreshes < 0) });
    const error = await rejection(api.call('user.settings.get'));
    expect(error).toMatchObject({ errCode: TRANSPORT_CODES.unauthorized, status: 401 });
    expect(refreshes).toBe(1);
    expect(seen).toHaveLength(1);
  });

  it('maps 429 to the rate-limit code', async () => {
    handler = () => json({ success: false, errCode: 'E0010', traceId: 't-429' }, 429);
    await expect(rejection(client().call('canvas.list'))).resolves.toMatchObject({
      errCode: TRANSPORT_CODES.rateLimited,
      status: 429,
      traceId: 't-429',
    });
  });

  it('maps a plain 500 to the HTTP-error code, with the trace id from the header', async () => {
    handler = () => ({
      status: 500,
      headers: { 'content-type': 'text/plain', 'x-trace-id': 't-500' },
      body: 'boom',
    });
    await expect(rejection(client().call('canvas.list'))).resolves.toMatchObject({
      errCode: TRANSPORT_CODES.httpError,
      status: 500,
      traceId: 't-500',
    });
  });

  it('keeps the catalogue code of a non-OK answer in our wrapper', async () => {
    handler = () =>
      json({ success: false, errCode: 'E3001', errMsg: 'provider down', traceId: 't-502' }, 502);
    await expect(rejection(client().call('canvas.list'))).resolves.toMatchObject({
      errCode: 'E3001',
      status: 502,
    });
  });

  it('maps a network failure to the thrown code, and request() never rejects', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}/v1` });
    const error = await rejection(api.call('canvas.list'));
    expect(error.errCode).toBe('E0001');
    expect(error.cause).toBeDefined();
    await expect(api.request('canvas.list')).resolves.toMatchObject({ success: false, errCode: 'E0001' });
  });

  it('fills path params and query strings, in requests and in url()', async () => {
    const api = client();
    await api.call('pages.deleteNode', { params: { pageId: 'pg 1', nodeId: 'n/2' } });
    expect(seen[0]).toMatchObject({ method: 'DELETE', url: '/v1/pages/pg%201/nodes/n%2F2' });
    await api.call('canvas.list', { query: { page: 2, pageSize: 50, projectId: 'p-1' } });
    expect(seen[1]?.url).toBe('/v1/canvas/list?page=2&pageSize=50&projectId=p-1');
    await api.call('mcpServer.list', { query: { enabled: false } });
    expect(seen[2]?.url).toBe('/v1/mcp-server/list?enabled=false');
    expect(api.url('canvas.export', { query: { canvasId: 'c 1', format: 'jsoncanvas' } })).toBe(
      `${baseUrl}/canvas/export?canvasId=c+1&format=jsoncanvas`,
    );
    expect(createApiClient({ baseUrl: '/v1/' }).url('misc.static', { params: { fileName: 'a b.png' } })).toBe(
      '/v1/misc/static/a%20b.png',
    );
  });

  it('is typed by the route table', async () => {
    handler = () => ok(canvas);
    const api = client();
    const detail = await api.call('canvas.detail', { query: { canvasId: 'c-1' } });
    expectTypeOf(detail).toEqualTypeOf<Canvas>();
    // @ts-expect-error canvas.detail takes canvasId, not docId
    await api.call('canvas.detail', { query: { docId: 'd-1' } });
    // @ts-expect-error canvas.create has no `canvas` field
    await api.call('canvas.create', { body: { canvas: 'x' } });
    expect(seen).toHaveLength(3);
  });
});
