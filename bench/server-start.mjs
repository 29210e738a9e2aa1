// Cold start of `npm start` to a healthy /v1/health with an existing data dir (goal < 3 s),
// and the idle RSS of the server afterwards (goal < 250 MB). Also the bare `node dist/main.js`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, freePort, percentile, rssMb, waitForHealth } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-start-'));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

async function startOnce(cmd, args) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  await waitForHealth(`http://127.0.0.1:${port}`);
  const ms = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 3000)); // settle, then read idle RSS
  // `npm start` runs the server inside the start script's node process (a child of npm).
  const { execSync } = await import('node:child_process');
  const pids = execSync(`pgrep -g ${child.pid} -f "node"`).toString().trim().split('\n').map(Number);
  const rss = Math.max(...pids.map((p) => rssMb(p)));
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { ms, rss };
}

try {
  // first start initialises the data dir (initdb + migrations); not measured
  await startOnce('node', ['apps/server/dist/main.js']);
  for (const [label, cmd, args] of [
    ['npm start', 'npm', ['start']],
    ['node apps/server/dist/main.js', 'node', ['apps/server/dist/main.js']],
  ]) {
    const times = [];
    const rss = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await startOnce(cmd, args);
      times.push(r.ms);
      rss.push(r.rss);
    }
    console.log(
      `${label}: cold start to healthy p50 ${fmt(percentile(times, 50))} ms, max ${fmt(Math.max(...times))} ms (goal < 3000 ms); ` +
        `idle RSS p50 ${fmt(percentile(rss, 50))} MB (goal < 250 MB); runs ${RUNS}`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
