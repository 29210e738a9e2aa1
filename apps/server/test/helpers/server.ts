/**
 * Starts a real server for a test file: fresh data dir, fresh database (PGlite or PostgreSQL
 * per ATELIER_TEST_DB, copied from the run's migrated template), random port, mail going to the
 * development outbox.
 */
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { TestClock } from '../../src/lib/clock.js';
import { createTestDatabase } from './db.js';
import { createTestClient, type TestClient } from './http.js';

export interface TestServer {
  url: string;
  server: RunningServer;
  dataDir: string;
  /** The server's clock: `advance(ms)` instead of sleeping through an expiry. */
  clock: TestClock;
  client(): TestClient;
  /** Mails written to the development outbox, oldest first. */
  outbox(): Array<{ to: string; subject: string; text: string; code?: string; purpose?: string; at: string }>;
  close(): Promise<void>;
  /**
   * Stops this server (its database and data directory stay) and starts another on them, its
   * clock `advanceMs` ahead of this one's: "the server was down for a while". Answers the new
   * server; close that one (not this) at the end.
   */
  restart(advanceMs?: number): Promise<TestServer>;
}

export interface StartTestServerOptions {
  /** false: answer as soon as the server listens, before the built-in templates are installed. */
  awaitBuiltinTemplates?: boolean;
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: StartTestServerOptions = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-test-'));
  const database = await createTestDatabase(undefined, dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // a developer's local Ollama must not leak into test expectations
    OLLAMA_DETECT: 'false',
    // the fake model, search and image servers listen on 127.0.0.1 (the default refuses it; the
    // files about that rule set it back: outbound.test.ts, provider-private.test.ts)
    PROVIDER_ALLOW_PRIVATE_NETWORK: 'true',
    // factories sign users up from distinct X-Forwarded-For addresses to stay under per-IP limits
    TRUST_PROXY: 'true',
    // 16 canvases per start: only the files about templates install them
    BUILTIN_TEMPLATES: 'false',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const clock = new TestClock();
  const server = await startServer(config, { clock });
  // The built-in templates install after listen; the files that turn them on test them installed.
  if (options.awaitBuiltinTemplates !== false) await server.builtinTemplates;
  const wrap = (running: RunningServer, runningClock: TestClock): TestServer => ({
    url: running.url,
    server: running,
    dataDir,
    clock: runningClock,
    client: () => createTestClient(running.url),
    outbox: () => {
      const file = join(dataDir, 'mail-outbox.jsonl');
      if (!existsSync(file)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as ReturnType<TestServer['outbox']>[number]);
    },
    close: async () => {
      await running.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    restart: async (advanceMs = 0) => {
      await running.close();
      const next = new TestClock();
      next.advance(Math.max(0, runningClock.now() - next.now() + advanceMs));
      return wrap(await startServer(config, { clock: next }), next);
    },
  });
  return wrap(server, clock);
}
