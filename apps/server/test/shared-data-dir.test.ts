/**
 * Several instances on one host with a PostgreSQL server share one DATA_DIR as their local file
 * storage (the scale-out benchmark runs 2 api + 1 worker + 1 collab process so). The pid lock of
 * DATA_DIR guards embedded PGlite only: with DATABASE_URL a second instance starts, and a file
 * uploaded through one instance is served by the other. (PGlite still refuses a second process:
 * durability.test.ts.)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startServer, type RunningServer } from '../src/server.js';
import { createTestDatabase, testDbKind, type TestDatabase } from './helpers/db.js';
import { createTestClient, type TestClient, type Wrapped } from './helpers/http.js';

describe.skipIf(testDbKind() !== 'postgres')('two instances sharing one DATA_DIR on PostgreSQL', () => {
  let database: TestDatabase;
  const servers: RunningServer[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-shared-dir-'));
  const jwtSecret = randomBytes(32).toString('hex');

  const start = async (roles: string): Promise<RunningServer> => {
    const server = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url!,
        ROLES: roles,
        EMAIL_VERIFICATION: 'false',
        BUILTIN_TEMPLATES: 'false',
        JWT_SECRET: jwtSecret,
      }),
    );
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const s of servers.splice(0).reverse()) await s.close().catch(() => undefined);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('both start, and a file uploaded through one is read through the other', async () => {
    const a = await start('api,worker,collab');
    const b = await start('api');
    const onA: TestClient = createTestClient(a.url);
    const credentials = { email: 'shared-dir@example.com', password: 'correct horse battery' };
    await onA.api.call('auth.email.signup', { body: credentials });
    const onB = createTestClient(b.url);
    await onB.api.call('auth.email.login', { body: credentials });

    const form = new FormData();
    form.append('file', new Blob(['written by instance A'], { type: 'text/plain' }), 'a.txt');
    const uploaded = (await (
      await onA.fetch('/v1/misc/upload', { method: 'POST', body: form })
    ).json()) as Wrapped<{ storageKey: string }>;
    expect(uploaded.success).toBe(true);
    const got = await onB.fetch(`/v1/misc/static/${uploaded.data!.storageKey}`);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('written by instance A');
  });
});
