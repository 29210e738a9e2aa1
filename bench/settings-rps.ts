// Requests per second of an authenticated GET /v1/user/settings against a bare Fastify route
// doing the same query on the same database in the same run (goal: Atelier ≥ 60% of bare).
// Load comes from autocannon in a child process so it does not share the server's event loop.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { loadConfig } from '../apps/server/src/config.js';
import { authIdentities, users } from '../apps/server/src/db/schema/index.js';
import { startServer } from '../apps/server/src/server.js';
import { autocannonRps } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-rps-'));
// async on purpose: the server runs in this process, so blocking here would starve it
const load = (url: string, cookie?: string) =>
  autocannonRps(url, { cookie, seconds: DURATION, connections: CONNECTIONS });

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
  // sign up through the real flow to get a session cookie
  const email = `bench-${Date.now()}@example.com`;
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signup = (await (await post('/auth/email/signup', { email, password: 'bench-password' })).json()) as {
    data: { sessionId: string };
  };
  const mail = readFileSync(join(dataDir, 'mail-outbox.jsonl'), 'utf8').trim().split('\n').pop()!;
  const { code } = JSON.parse(mail) as { code: string };
  const check = await post('/auth/verification/check', { sessionId: signup.data.sessionId, code });
  const cookie = check.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const settings = (await (
    await fetch(`${server.url}/v1/user/settings`, { headers: { cookie } })
  ).json()) as {
    data: { uid: string };
  };
  const uid = settings.data.uid;

  // the bare route: the same two queries the settings call makes (the user row and its
  // sign-in identities), with no auth, no validation, no wrapper and no presenter
  const db = server.ctx.db;
  bare.get('/bare', async () => {
    const [row] = await db.select().from(users).where(eq(users.uid, uid));
    const identities = await db
      .select({ provider: authIdentities.provider })
      .from(authIdentities)
      .where(eq(authIdentities.uid, uid));
    return { ...row, identities };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddr = bare.server.address();
  const bareUrl = `http://127.0.0.1:${typeof bareAddr === 'object' && bareAddr ? bareAddr.port : 0}/bare`;
  const atelierUrl = `${server.url}/v1/user/settings`;

  // warm both, then alternate measurements
  await load(atelierUrl, cookie);
  await load(bareUrl);
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < 2; i++) {
    a.push(await load(atelierUrl, cookie));
    b.push(await load(bareUrl));
  }
  const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const ratio = avg(a) / avg(b);
  console.log(
    `GET /v1/user/settings (authenticated): ${avg(a).toFixed(0)} req/s; bare Fastify same query: ${avg(b).toFixed(0)} req/s; ` +
      `ratio ${(ratio * 100).toFixed(0)}% (goal ≥ 60%); database ${server.ctx.dbKind}; ${CONNECTIONS} connections, ${DURATION}s x2`,
  );
} finally {
  await bare.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
