/**
 * Ingestion survives a crash: the server (a child process) is killed with SIGKILL while 30 web
 * links are being ingested from a loopback site that holds its pages; after a restart on the same data every one
 * reaches `finish`, and each exactly once (resources.finish_count is bumped in the same update
 * that sets the state).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Resource } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/connect.js';
import { resources, users } from '../src/db/schema/index.js';
import { spawnServer, type ChildServer } from './helpers/child-server.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';
import { createTestClient, type TestClient, type Wrapped } from './helpers/http.js';

const COUNT = 30;
const children: ChildServer[] = [];
const cleanups: Array<() => Promise<void> | void> = [];

afterAll(async () => {
  for (const c of children) {
    if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
    await c.exited;
  }
  for (const f of cleanups.reverse()) await f();
});

/**
 * A site that answers its first two requests at once and holds every later one until `release()`,
 * so ingestion is certainly still running when the server dies, however busy the machine is.
 */
async function heldSite(): Promise<{ url: string; server: Server; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let served = 0;
  const server = createServer((req, res) => {
    const early = served++ < 2;
    void (early ? Promise.resolve() : released).then(() => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<html><head><title>Page ${req.url}</title></head><body><article><h1>Page ${req.url}</h1>` +
          `<p>Durable ingestion keeps page ${req.url} safe across a crash of the server process.</p>` +
          `</article></body></html>`,
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, release };
}

const list = async (client: TestClient) =>
  (await client.json<Wrapped<Resource[]>>('GET', `/v1/knowledge/resource/list?pageSize=100`)).body.data ?? [];

describe('ingestion and a crash', () => {
  it(
    'every one of 30 resources reaches finish exactly once after SIGKILL and a restart',
    { timeout: 240_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'atelier-crash-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      let database: TestDatabase | null = null;
      if (process.env.ATELIER_TEST_DB === 'postgres') {
        database = await createTestDatabase('postgres');
        const db = database;
        cleanups.push(() => db.drop());
      }
      const site = await heldSite();
      cleanups.push(() => {
        site.release();
        site.server.closeAllConnections();
        return new Promise<void>((r) => site.server.close(() => r()));
      });
      const env = {
        DATA_DIR: dataDir,
        FETCH_ALLOW_PRIVATE: 'true',
        EMAIL_VERIFICATION: 'false',
        AUTH_RATE_LIMIT_PER_IP: '100000',
        RATE_LIMIT_PER_IP: '100000',
        OLLAMA_DETECT: 'false',
        ...(database?.url ? { DATABASE_URL: database.url } : {}),
      };

      const first = await spawnServer(env);
      children.push(first);
      const client = createTestClient(first.url);
      const signup = await client.json<Wrapped>('POST', '/v1/auth/email/signup', {
        email: 'crash@example.com',
        password: 'correct horse battery',
      });
      expect(signup.body.success, JSON.stringify(signup.body)).toBe(true);
      const created = await client.json<Wrapped<Resource[]>>('POST', '/v1/knowledge/resource/batchCreate', {
        items: Array.from({ length: COUNT }, (_, i) => ({
          title: `Page ${i}`,
          resourceType: 'weblink',
          data: { url: `${site.url}/p${i}` },
        })),
      });
      expect(created.body.success, JSON.stringify(created.body)).toBe(true);
      const ids = created.body.data!.map((r) => r.resourceId);

      // Kill while some are done and the others wait on the held site.
      const deadline = Date.now() + 60_000;
      let finished = 0;
      while (Date.now() < deadline) {
        finished = (await list(client)).filter((r) => r.indexStatus === 'finish').length;
        if (finished >= 2) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
      console.log(`SIGKILL with ${finished} of ${COUNT} resources finished`);
      expect(finished).toBeLessThan(COUNT);
      site.release();

      const second = await spawnServer(env);
      children.push(second);
      const after = createTestClient(second.url);
      after.jar.copyFrom(client.jar);
      const until = Date.now() + 120_000;
      let rows: Resource[] = [];
      while (Date.now() < until) {
        rows = await list(after);
        if (rows.length === COUNT && rows.every((r) => r.indexStatus === 'finish')) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(rows.map((r) => r.indexStatus)).toEqual(Array(COUNT).fill('finish'));
      second.child.kill('SIGTERM');
      await second.exited;

      // Count the finishes in the database itself.
      const opened = await openDatabase(
        { databaseUrl: database?.url, dataDir },
        { info: () => {}, warn: () => {} },
      );
      try {
        const [user] = await opened.db.select().from(users).where(eq(users.email, 'crash@example.com'));
        const counts = await opened.db
          .select({ id: resources.resourceId, n: resources.finishCount })
          .from(resources)
          .where(eq(resources.uid, user!.uid));
        expect(counts.map((c) => c.id).sort()).toEqual([...ids].sort());
        expect(counts.filter((c) => c.n !== 1)).toEqual([]);
      } finally {
        await opened.close();
      }
    },
  );
});
