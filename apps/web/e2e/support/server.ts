/**
 * Starts the built server (apps/server/dist/main.js) serving the built web app on a free
 * port with a fresh data directory, and reads the mail outbox it writes without SMTP.
 * The run's globalSetup (apps/server/test/helpers/global-setup.ts) migrated one template: with
 * TEST_DATABASE_URL a PostgreSQL database, and each server gets a fresh database copied from it
 * (dropped when the server stops); without it a PGlite data directory, and each server's data
 * directory starts as a copy of it. Either way the server's own migrations still run on start and
 * find nothing to do.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, testDbKind } from '../../../server/test/helpers/db';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverMain = join(repoRoot, 'apps/server/dist/main.js');
/** The built web app the servers serve (`npm run build -w @atelier/web`). */
export const WEB_DIST = join(repoRoot, 'apps/web/dist');
const webIndex = join(WEB_DIST, 'index.html');

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  code?: string;
  purpose?: string;
  at: string;
}

export interface TestServer {
  baseUrl: string;
  dataDir: string;
  logs: () => string;
  mails: () => Promise<OutboxMail[]>;
  /** The newest code mailed to `email` (waits for it to arrive). */
  codeFor: (email: string, purpose?: string) => Promise<string>;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The e2e server's JWT secret, so a test can make an expired access token (support/session.ts). */
export const E2E_JWT_SECRET = 'e2e-only-jwt-secret-0123456789abcdef';

class PortTaken extends Error {}

/** Resolves once /v1/health answers 200; rejects when the child exits first. */
async function waitForHealth(baseUrl: string, child: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      // another process took the probed port between the probe and the child's listen
      if (logs().includes('EADDRINUSE')) throw new PortTaken(logs());
      throw new Error(`server exited with ${child.exitCode}:\n${logs()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/v1/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`server did not become healthy:\n${logs()}`);
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  if (!existsSync(serverMain)) throw new Error('Build the server first: npm run build -w @atelier/server');
  if (!existsSync(webIndex)) throw new Error('Build the web app first: npm run build -w @atelier/web');
  const dataDir = await mkdtemp(join(tmpdir(), 'atelier-e2e-'));
  // a file that names its own database keeps it; else one of the project's engine (ATELIER_TEST_DB)
  const database = env.DATABASE_URL ? null : await createTestDatabase(testDbKind(), dataDir);
  if (database?.url) env = { ...env, DATABASE_URL: database.url };
  const cleanUp = async () => {
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnServer(env, dataDir, cleanUp);
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt >= 3) {
        await cleanUp();
        throw err;
      }
    }
  }
}

async function spawnServer(
  env: Record<string, string>,
  dataDir: string,
  cleanUp: () => Promise<void>,
): Promise<TestServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  // Not the runner's REDIS_URL: with it, every server of the run (this one, the other browser
  // files', the integration tests' running beside them) would count its requests in the same
  // Redis rate-limit windows (keyed by 127.0.0.1), and a busy run would answer sign-ups with
  // E0010. One server process needs no Redis; a file that wants it passes REDIS_URL in `env`.
  const { REDIS_URL: _runnerRedis, ...inherited } = process.env;
  const child = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      // stored files are linked under PUBLIC_URL; it must be the address the browser uses
      PUBLIC_URL: baseUrl,
      NODE_ENV: 'test',
      // the fake model servers of the e2e files listen on 127.0.0.1
      PROVIDER_ALLOW_PRIVATE_NETWORK: 'true',
      ACCESS_TOKEN_TTL: '3s',
      JWT_SECRET: E2E_JWT_SECRET,
      LOG_LEVEL: 'warn',
      // sign-ups, sign-ins and the refresh every 3 s above, one address: a fast file passes the
      // default 30 a minute. A file testing the limit sets its own.
      AUTH_RATE_LIMIT_PER_IP: '1000',
      // building the 16 built-in template canvases costs each server seconds at start; a file
      // about templates turns it on
      BUILTIN_TEMPLATES: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const logs = () => output;
  try {
    await waitForHealth(baseUrl, child, logs);
  } catch (err) {
    if (child.exitCode === null) child.kill('SIGKILL');
    throw err;
  }

  const mails = async (): Promise<OutboxMail[]> => {
    const file = join(dataDir, 'mail-outbox.jsonl');
    if (!existsSync(file)) return [];
    return (await readFile(file, 'utf8'))
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as OutboxMail);
  };

  return {
    baseUrl,
    dataDir,
    logs,
    mails,
    async codeFor(email, purpose) {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const match = (await mails())
          .filter((m) => m.to === email && (!purpose || m.purpose === purpose) && m.code)
          .at(-1);
        if (match?.code) return match.code;
        await sleep(100);
      }
      throw new Error(`no code mailed to ${email}`);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await cleanUp();
    },
  };
}
