/**
 * A PostgreSQL server that ends the server's idle connections (a restart, an administrator, a
 * failover) must not crash the process: the pool logs it and opens new connections.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type BuiltUser } from './helpers/factories.js';
import { expectData } from './helpers/items.js';
import { testDbKind } from './helpers/db.js';
import { startTestServer, type TestServer } from './helpers/server.js';

describe.skipIf(testDbKind() !== 'postgres')('losing idle database connections', () => {
  let server: TestServer;
  let alice: BuiltUser;
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => void uncaught.push(err);

  beforeAll(async () => {
    server = await startTestServer();
    alice = await buildUser(server);
    process.on('uncaughtException', onUncaught);
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await server?.close();
  });

  it('keeps serving after the database server terminates its idle connections', async () => {
    // a few requests leave idle connections in the pool
    await Promise.all(Array.from({ length: 4 }, () => alice.get('/v1/knowledge/document/list')));
    const url = server.server.ctx.config.DATABASE_URL!;
    const database = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [database],
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(uncaught).toEqual([]);
    const docs = expectData(await alice.get<unknown[]>('/v1/knowledge/document/list'));
    expect(Array.isArray(docs)).toBe(true);
  });
});
