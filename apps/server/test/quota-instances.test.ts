/**
 * Quotas across instances (issue 13 point 8): two server processes on one PostgreSQL database
 * race for the last library slot (E2001) and the last T1 request of the day (E2002); exactly one
 * request wins. The check and the write take a PostgreSQL advisory transaction lock
 * (`pg_advisory_xact_lock`), so neither process can count before the other's write is committed.
 * Under integration-pglite (one process per data directory) both "instances" are the same child
 * process, and the same races cover its in-process lock.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawnServer, type ChildServer } from './helpers/child-server.js';
import { createTestDatabase, testDbKind, type TestDatabase } from './helpers/db.js';
import { startFakeModelServer, type FakeModelServer } from './helpers/fake-model-server.js';
import { createTestClient, type Answer, type TestClient } from './helpers/http.js';
import { expectData } from './helpers/items.js';

const kind = testDbKind();
const children: ChildServer[] = [];
const dirs: string[] = [];
let database: TestDatabase;
let fake: FakeModelServer;
/** The two instances' URLs (the same one on PGlite). */
let urls: [string, string];

beforeAll(async () => {
  fake = await startFakeModelServer();
  database = await createTestDatabase(kind);
  const env = {
    FEATURE_SUBSCRIPTION: 'true',
    EMAIL_VERIFICATION: 'false',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
    RATE_LIMIT_PER_IP: '100000',
    SKILL_MODEL_RETRIES: '0',
    // one session valid on both instances
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  };
  const start = () => {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-quota-'));
    dirs.push(dir);
    return spawnServer({ ...env, DATA_DIR: dir }).then((child) => {
      children.push(child);
      return child;
    });
  };
  if (kind === 'postgres') {
    const [a, b] = await Promise.all([start(), start()]);
    urls = [a.url, b.url];
  } else {
    const only = await start();
    urls = [only.url, only.url];
  }
}, 180_000);

afterAll(async () => {
  for (const c of children.splice(0)) {
    if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGTERM');
    await c.exited;
  }
  await database?.drop();
  await fake?.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** One account, signed in on both instances. */
async function twoSessions(): Promise<[TestClient, TestClient]> {
  const email = `quota-${randomBytes(4).toString('hex')}@example.test`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const a = createTestClient(urls[0]);
  const signup = expectData(
    await a.post<{ loggedIn: boolean }>('/v1/auth/email/signup', { email, password }),
  );
  expect(signup.loggedIn).toBe(true);
  const b = createTestClient(urls[1]);
  expectData(await b.post('/v1/auth/email/login', { email, password }));
  return [a, b];
}

/**
 * Fires `count` requests on each instance at once; answers the error codes ('' for a success).
 * On PostgreSQL the test holds the quota's lock (`key`) itself until one request of each instance
 * waits for it (the others queue in their process), so the two instances' checks are truly
 * concurrent when it is released; without the database lock nothing waits and the test fails.
 */
async function race(
  clients: [TestClient, TestClient],
  key: string,
  count: number,
  send: (client: TestClient, i: number) => Promise<Answer>,
): Promise<string[]> {
  let holder: pg.Client | undefined;
  if (database.url) {
    holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`atelier-quota:${key}`]);
  }
  const pending = Promise.all(Array.from({ length: count * 2 }, (_, i) => send(clients[i % 2]!, i)));
  if (holder) {
    const lockHolder = holder;
    const waiting = async () => {
      const { rows } = await lockHolder.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
          WHERE l.locktype = 'advisory' AND NOT l.granted AND d.datname = current_database()`,
      );
      return rows[0]!.n;
    };
    try {
      await vi.waitFor(async () => expect(await waiting()).toBe(2), { timeout: 60_000, interval: 50 });
    } finally {
      await lockHolder.query('COMMIT');
      await lockHolder.end();
    }
  }
  const answers = await pending;
  return answers.map((res) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.success ? '' : (res.body.errCode ?? '?');
  });
}

const uidOf = async (client: TestClient) => (await client.api.call('user.settings.get')).uid;

const text = (i: number) => ({ title: `Note ${i}`, resourceType: 'text', content: `note ${i}` });

describe(`quotas across instances (${kind})`, () => {
  it('gives the last library slot to exactly one of the creates on two instances', async () => {
    const clients = await twoSessions();
    // the free plan holds 100 items: 99 saved, one free
    for (const [from, to] of [
      [0, 49],
      [49, 98],
      [98, 99],
    ] as const) {
      const items = Array.from({ length: to - from }, (_, i) => text(from + i));
      expectData(await clients[0].post('/v1/knowledge/resource/batchCreate', { items }));
    }
    const codes = await race(clients, `library:${await uidOf(clients[0])}`, 4, (client, i) =>
      client.post('/v1/knowledge/resource/create', text(1000 + i)),
    );
    expect(
      codes.filter((c) => c === ''),
      codes.join(),
    ).toHaveLength(1);
    expect(codes.filter((c) => c === 'E2001')).toHaveLength(7);
    for (const client of clients) {
      const usage = expectData(
        await client.get<{ storage: { fileCountUsed: number } }>('/v1/subscription/usage'),
      );
      expect(usage.storage.fileCountUsed).toBe(100);
    }
  });

  it('gives the last T1 request of the day to exactly one of the runs on two instances', async () => {
    const clients = await twoSessions();
    const provider = expectData(
      await clients[0].post<{ providerId: string }>('/v1/provider/create', {
        providerKey: 'openai-compatible',
        name: 'Fake',
        categories: ['llm'],
        baseUrl: `${fake.url}/v1`,
      }),
    );
    const { itemId } = expectData(
      await clients[0].post<{ itemId: string }>('/v1/provider/item/create', {
        providerId: provider.providerId,
        name: 'fake-t1',
        category: 'llm',
        tier: 't1',
        config: { modelId: 'fake-chat', modelName: 'Fake t1' },
      }),
    );
    // the free plan's 5 T1 requests a day: 4 used, one left
    for (let i = 0; i < 4; i++) {
      expectData(
        await clients[i % 2]!.post('/v1/skill/invoke', { input: { query: `q${i}` }, modelItemId: itemId }),
      );
    }
    const codes = await race(clients, `requests:${await uidOf(clients[0])}`, 4, (client, i) =>
      client.post('/v1/skill/invoke', { input: { query: `race ${i}` }, modelItemId: itemId }),
    );
    expect(
      codes.filter((c) => c === ''),
      codes.join(),
    ).toHaveLength(1);
    expect(codes.filter((c) => c === 'E2002')).toHaveLength(7);
    for (const client of clients) {
      const usage = expectData(
        await client.get<{ token: { t1CountUsed: number } }>('/v1/subscription/usage'),
      );
      expect(usage.token.t1CountUsed).toBe(5);
    }
  });
});
