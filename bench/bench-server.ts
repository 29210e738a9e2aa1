// The server a benchmark measures, as its own process (from source, through tsx, so clients and
// server do not share an event loop), on a free port with a fresh data directory, plus a signed-in
// API client holding the session cookie. BENCH_DATABASE_URL points it at a PostgreSQL server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from './lib.mjs';

export interface BenchServer {
  base: string;
  /** The session cookie of the signed-in bench user (empty until `signUp`). */
  readonly cookie: string;
  /** Calls /v1`path` with the session cookie; throws unless the wrapper says success. */
  api<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** Waits until the server is healthy, then signs a fresh user up. */
  signUp(): Promise<void>;
  stop(): Promise<void>;
}

/** `nodeArgs` go before the entry point (e.g. `--cpu-prof`, which NODE_OPTIONS does not take). */
export async function startBenchServer(
  name: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<BenchServer> {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const dataDir = mkdtempSync(join(tmpdir(), `atelier-bench-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', join(root, 'apps', 'server', 'src', 'main.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        // the fake model servers listen on 127.0.0.1
        PROVIDER_ALLOW_PRIVATE_NETWORK: 'true',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        EMAIL_VERIFICATION: 'false',
        RATE_LIMIT_PER_IP: '100000000',
        // Publishing the built-in templates into a fresh data directory takes ~10 s of database
        // work right after start; a benchmark measures the steady state, not that one-time task
        // (server-start measures a start with them, as `npm start` runs).
        BUILTIN_TEMPLATES: 'false',
        ...env,
        ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );

  let cookie = '';
  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}/v1${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (set.length) cookie = set.join('; ');
    const json = (await res.json()) as { success: boolean; data: T; errCode?: string };
    if (!json.success) throw new Error(`${path}: ${json.errCode} ${JSON.stringify(json)}`);
    return json.data;
  }

  return {
    base,
    get cookie() {
      return cookie;
    },
    api,
    async signUp() {
      await waitForHealth(base, 120_000);
      await api('POST', '/auth/email/signup', {
        email: `bench-${Date.now()}@example.com`,
        password: 'bench-password',
      });
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
