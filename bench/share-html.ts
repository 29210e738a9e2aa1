// Requests per second of a shared document's server-rendered HTML (GET /share/{shareId}), the page
// a link preview or a search engine fetches, on loopback (goal ≥ 500 req/s). Anonymous, like a
// link holder. Load comes from autocannon in a child process so it does not share the event loop.
// Peer, in the same run and process: a bare Fastify route answering the very same bytes from
// memory (no session, no share lookup, no headers of ours), the ceiling of this machine for the page.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../apps/server/src/config.js';
import { startServer } from '../apps/server/src/server.js';
import { autocannonRps } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-share-'));
const load = (url: string) => autocannonRps(url, { seconds: DURATION, connections: CONNECTIONS });

const server = await startServer(
  loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ACCESS_TOKEN_TTL: '1h',
    RATE_LIMIT_PER_IP: '100000000',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  }),
);
const bare = Fastify({ logger: false });
try {
  const email = `bench-${Date.now()}@example.com`;
  let cookie = '';
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.url}/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    return res;
  };
  const signup = (await (await post('/auth/email/signup', { email, password: 'bench-password' })).json()) as {
    data: { sessionId: string };
  };
  const mail = readFileSync(join(dataDir, 'mail-outbox.jsonl'), 'utf8').trim().split('\n').pop()!;
  const { code } = JSON.parse(mail) as { code: string };
  const check = await post('/auth/verification/check', { sessionId: signup.data.sessionId, code });
  cookie = check.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  // A document of some length: headings, paragraphs, a list, a table.
  const section = (i: number) =>
    `## Section ${i}\n\nA paragraph with **bold**, _italic_ and a [link](https://example.com/${i}).\n\n- one\n- two\n\n| a | b |\n| - | - |\n| ${i} | x |\n`;
  const markdown = Array.from({ length: 20 }, (_, i) => section(i)).join('\n');
  const doc = (await (
    await post('/knowledge/document/create', { title: 'Bench doc', initialContent: markdown })
  ).json()) as {
    data: { docId: string };
  };
  const shared = (await (
    await post('/share/new', { entityType: 'document', entityId: doc.data.docId })
  ).json()) as {
    data: { shareId: string };
  };
  const url = `${server.url}/share/${shared.data.shareId}`;
  const page = await (await fetch(url)).text();
  bare.get('/bare', async (_req, reply) => reply.type('text/html; charset=utf-8').send(page));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  await load(url); // warm
  await load(`${bareUrl}/bare`);
  // alternate, so both see the same machine load
  const ours: number[] = [];
  const peer: number[] = [];
  for (let i = 0; i < 2; i += 1) {
    ours.push(await load(url));
    peer.push(await load(`${bareUrl}/bare`));
  }
  const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  console.log(
    `GET /share/{id} (shared document HTML, ${(page.length / 1024).toFixed(1)} KB, anonymous): ` +
      `${avg(ours).toFixed(0)} req/s (goal ≥ 500); bare Fastify, same bytes from memory: ` +
      `${avg(peer).toFixed(0)} req/s (${((avg(ours) / avg(peer)) * 100).toFixed(0)}%); ` +
      `database ${server.ctx.dbKind}; ${CONNECTIONS} connections, ${DURATION}s x2 each`,
  );
} finally {
  await bare.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
