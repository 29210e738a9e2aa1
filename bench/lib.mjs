// Small helpers shared by the benchmarks: free ports, waiting for health, percentiles, RSS, a
// static file server for pages the benchmarks build.
import { execFile } from 'node:child_process';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const runFile = promisify(execFile);

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(url, timeoutMs = 60_000) {
  const start = performance.now();
  for (;;) {
    try {
      const res = await fetch(`${url}/v1/health`);
      if (res.ok) return performance.now() - start;
    } catch {
      // not listening yet
    }
    if (performance.now() - start > timeoutMs) throw new Error(`no health from ${url} in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx];
}

/** The largest value, without spreading (a spread of 100k+ values overflows the call stack). */
export function maxOf(values) {
  let max = -Infinity;
  for (const v of values) if (v > max) max = v;
  return max;
}

/** Resident set size of a pid in MB (Linux /proc), summed over the process only. */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : NaN;
}

export const fmt = (n, digits = 0) => Number(n).toFixed(digits);

const STATIC_TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/** Serves the files of `dir` on 127.0.0.1 (`/` is index.html); resolves with its base URL and close(). */
export async function serveStatic(dir) {
  const server = createHttpServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': STATIC_TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  const port = await freePort();
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

/**
 * Average requests per second of GET `url` under autocannon, run in a child process so the load
 * does not share the event loop of a server living in the caller's process. Throws on any non-2xx
 * answer or error, so a figure never counts failures.
 */
export async function autocannonRps(url, { cookie, seconds = 8, connections = 10 } = {}) {
  const args = ['autocannon', '-j', '-c', String(connections), '-d', String(seconds)];
  if (cookie) args.push('-H', `cookie: ${cookie}`);
  args.push(url);
  const { stdout } = await runFile('npx', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const out = JSON.parse(stdout);
  if (out.non2xx || out.errors)
    throw new Error(`load on ${url}: ${out.non2xx} non-2xx, ${out.errors} errors`);
  return out.requests.average;
}

/** Runs one statement on the server `adminUrl` names, on a connection of its own. */
async function adminQuery(adminUrl, statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creates the empty database `name` on the server `adminUrl` names; answers its URL and `drop`,
 * which removes it (also while connections remain).
 */
export async function scratchDatabase(adminUrl, name) {
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
