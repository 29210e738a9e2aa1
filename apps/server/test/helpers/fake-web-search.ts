/**
 * Fakes of the web services skills call, on 127.0.0.1, speaking their real request shapes:
 * SearXNG (`GET /search?format=json`), Serper (`POST /search` with X-API-KEY), Tavily
 * (`POST /search` with a Bearer key), Brave (`GET /web/search` with X-Subscription-Token), a
 * Jina-style reranker (`POST /rerank`) and a task-based image API (`POST /generations`,
 * `GET /generations/:id`, the image under `/files/:name`). Every request is recorded.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWebRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown> | null;
}

export interface FakeImageBehaviour {
  /** Answer the submit without an id. */
  noId?: boolean;
  /** Finish without a URL. */
  noUrl?: boolean;
  /** HTTP status of the submit (e.g. 500). */
  submitStatus?: number;
  /** Never finish (the skill times out). */
  never?: boolean;
  /** Poll answers before success; each one adds 50 % progress. */
  steps?: number;
  /** The finished task's image URL instead of this server's own file. */
  resultUrl?: string;
}

export interface FakeWebServer {
  url: string;
  requests: FakeWebRequest[];
  /** Results every engine answers: the query is appended to titles so tests see which one ran. */
  results: Array<{ title: string; url: string; content: string }>;
  /** When set, search endpoints answer this status. */
  searchStatus: number | null;
  image: FakeImageBehaviour;
  close(): Promise<void>;
}

// 1×1 transparent PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export async function startFakeWebServer(): Promise<FakeWebServer> {
  const tasks = new Map<string, number>();
  const state: Omit<FakeWebServer, 'url' | 'close'> = {
    requests: [],
    results: [
      {
        title: 'Paris - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Paris',
        content: 'Paris is the capital of France.',
      },
      { title: 'Visit Paris', url: 'https://www.parisinfo.com/', content: 'The official guide to Paris.' },
      { title: 'Lyon', url: 'https://en.wikipedia.org/wiki/Lyon', content: 'Lyon is a city in France.' },
    ],
    searchStatus: null,
    image: {},
  };
  let base = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> | null = null;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      const method = req.method ?? 'GET';
      const path = url.pathname;
      state.requests.push({
        method,
        path,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const searchFailed = () => {
        if (state.searchStatus === null) return false;
        json(state.searchStatus, { error: 'fake failure' });
        return true;
      };
      const r = state.results;
      if (method === 'GET' && path === '/searxng/search') {
        if (url.searchParams.get('format') !== 'json') return json(403, { error: 'format not allowed' });
        if (searchFailed()) return;
        return json(200, {
          query: url.searchParams.get('q'),
          results: r.map((x) => ({ title: x.title, url: x.url, content: x.content, engine: 'fake' })),
        });
      }
      if (method === 'POST' && path === '/serper/search') {
        if (req.headers['x-api-key'] !== 'serper-key') return json(403, { message: 'Unauthorized' });
        if (searchFailed()) return;
        return json(200, {
          searchParameters: body,
          organic: r.map((x, i) => ({ title: x.title, link: x.url, snippet: x.content, position: i + 1 })),
        });
      }
      if (method === 'POST' && path === '/tavily/search') {
        if (req.headers.authorization !== 'Bearer tvly-key') return json(401, { detail: 'Unauthorized' });
        if (searchFailed()) return;
        return json(200, {
          query: body?.query,
          results: r.map((x) => ({ title: x.title, url: x.url, content: x.content, score: 0.9 })),
        });
      }
      if (method === 'GET' && path === '/brave/web/search') {
        if (req.headers['x-subscription-token'] !== 'brave-key') return json(401, { type: 'ErrorResponse' });
        if (searchFailed()) return;
        return json(200, {
          type: 'search',
          web: {
            results: r.map((x) => ({
              title: x.title,
              url: x.url,
              description: `<strong>${x.content}</strong>`,
            })),
          },
        });
      }
      if (method === 'POST' && path === '/rerank') {
        const docs = Array.isArray(body?.documents) ? (body.documents as string[]) : [];
        const q = String(body?.query ?? '').toLowerCase();
        return json(200, {
          results: docs.map((d, index) => ({
            index,
            relevance_score: d.toLowerCase().includes(q) ? 0.9 : 0.1,
          })),
        });
      }
      if (method === 'POST' && path === '/image/generations') {
        if (req.headers.authorization !== 'Bearer img-key') return json(401, { error: 'bad key' });
        if (state.image.submitStatus) return json(state.image.submitStatus, { error: 'upstream broke' });
        if (state.image.noId) return json(200, { status: 'queued' });
        const id = `task-${tasks.size + 1}`;
        tasks.set(id, 0);
        return json(200, { id, status: 'queued' });
      }
      const poll = /^\/image\/generations\/([\w-]+)$/.exec(path);
      if (method === 'GET' && poll) {
        const id = poll[1]!;
        const n = (tasks.get(id) ?? 0) + 1;
        tasks.set(id, n);
        const steps = state.image.steps ?? 2;
        if (state.image.never || n <= steps) {
          return json(200, {
            id,
            status: 'generating',
            progress: Math.min(99, Math.round((n / (steps + 1)) * 100)),
          });
        }
        return json(200, {
          id,
          status: 'succeeded',
          progress: 100,
          ...(state.image.noUrl ? {} : { url: state.image.resultUrl ?? `${base}/files/${id}.png` }),
        });
      }
      if (method === 'GET' && path.startsWith('/files/')) {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length });
        res.end(PNG);
        return;
      }
      json(404, { error: `no route ${method} ${path}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  const fake = state as FakeWebServer;
  fake.url = base;
  fake.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((err) => (err ? reject(err) : resolve()));
    });
  return fake;
}
