// Shared by the library benchmarks: an in-process server on a fresh data dir (PGlite, or the
// PostgreSQL server named by BENCH_DATABASE_URL), a signed-up user's cookie, and JSON calls.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../apps/server/src/config.js';
import { startServer, type RunningServer } from '../apps/server/src/server.js';
import { scratchDatabase } from './lib.mjs';

export interface BenchServer {
  server: RunningServer;
  url: string;
  cookie: string;
  uid: string;
  /** True when a kept data directory from an earlier run was opened (its seed is there). */
  reused: boolean;
  call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export interface BenchServerOptions {
  /**
   * A PGlite data directory kept after close (created when missing) instead of a fresh one: a
   * benchmark can reuse what an earlier run seeded. The bench user then signs in again.
   */
  keepDataDir?: string;
}

const KEPT_EMAIL = 'bench-kept@example.com';

export async function startBenchServer(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  options: BenchServerOptions = {},
): Promise<BenchServer> {
  const kept = kind === 'pglite' ? options.keepDataDir : undefined;
  if (kept) mkdirSync(kept, { recursive: true });
  const reused = Boolean(kept && existsSync(join(kept, 'pg')));
  const dataDir = kept ?? mkdtempSync(join(tmpdir(), 'atelier-bench-lib-'));
  const database =
    kind === 'postgres'
      ? await scratchDatabase(
          process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
          `atelier_bench_${Date.now().toString(36)}`,
        )
      : null;
  const server = await startServer(
    loadConfig({
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ACCESS_TOKEN_TTL: '1h',
      EMAIL_VERIFICATION: 'false',
      RATE_LIMIT_PER_IP: '100000000',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      OLLAMA_DETECT: 'false',
      // the built-in templates' one-time publishing would run beside the measured work
      BUILTIN_TEMPLATES: 'false',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    }),
  );
  const res = await fetch(`${server.url}/v1/auth/email/${reused ? 'login' : 'signup'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: kept ? KEPT_EMAIL : `bench-${Date.now()}@example.com`,
      password: 'bench-password',
    }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const init = {
      method,
      headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    };
    // A kept-alive connection the server closed during a long seed fails once: retry on a new one.
    const r = await fetch(`${server.url}/v1${path}`, init).catch(() =>
      fetch(`${server.url}/v1${path}`, init),
    );
    const json = (await r.json()) as { success: boolean; data: T; errMsg?: string };
    if (!json.success) throw new Error(`${method} ${path}: ${json.errMsg}`);
    return json.data;
  };
  const settings = await call<{ uid: string }>('GET', '/user/settings');
  return {
    server,
    url: server.url,
    cookie,
    uid: settings.uid,
    reused,
    call,
    close: async () => {
      await server.close();
      await database?.drop();
      if (!kept) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const machine = async () =>
  `${process.platform} ${process.arch}, node ${process.version}, ${(await import('node:os')).cpus().length} cores, ${new Date().toISOString().slice(0, 10)}`;
