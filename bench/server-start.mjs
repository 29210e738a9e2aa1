// Start of the server (issue 13, point 2): time from spawn to a healthy /v1/health with an existing
// data directory (goal < 2 s) and the idle RSS afterwards (goal < 220 MB on PGlite, < 150 MB with
// DATABASE_URL), for `npm start` (every process of its tree counted: npm itself, sh, the server)
// and for `node apps/server/dist/main.js`; then what each part of an idle server holds
// (server-parts.mjs: one fresh process per stage). PostgreSQL runs use a scratch database on
// BENCH_DATABASE_URL's server (default the local test server), created and dropped here.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { fmt, freePort, percentile, rssMb, scratchDatabase, waitForHealth } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SETTLE_MS = 3000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// The Node flags `npm start` passes (package.json), so the parts are measured as the server runs.
const startScript = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start;
const nodeFlags = startScript.split(/\s+/).filter((a) => a.startsWith('--'));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const baseEnv = (dataDir, extra = {}) => ({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  ...extra,
});

/** Every process of the group `pgid` with its RSS (MB) and command. */
function groupProcesses(pgid) {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '-g', String(pgid)])
    .toString()
    .trim();
  return out
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
    .filter(Boolean)
    .map(([, pid, args]) => ({ pid: Number(pid), args, rss: rssMb(Number(pid)) }))
    .filter((p) => Number.isFinite(p.rss) && !p.args.startsWith('ps '));
}

async function startOnce(cmd, args, env) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    // the first start of a data dir (initdb, migrations, templates) is slow on a busy machine
    await waitForHealth(`http://127.0.0.1:${port}`, 180_000);
  } catch (err) {
    process.kill(-child.pid, 'SIGKILL');
    throw err;
  }
  const ms = performance.now() - t0;
  await new Promise((r) => setTimeout(r, SETTLE_MS)); // settle, then read idle RSS
  const procs = groupProcesses(child.pid);
  const total = procs.reduce((s, p) => s + p.rss, 0);
  const server = Math.max(...procs.map((p) => p.rss));
  const npm = procs.filter((p) => /^npm\b/.test(p.args)).reduce((s, p) => s + p.rss, 0);
  process.kill(-child.pid, 'SIGTERM');
  await exited;
  return { ms, total, server, npm };
}

async function compare(label, env) {
  for (const [name, cmd, args] of [
    ['npm start', 'npm', ['start']],
    ['node apps/server/dist/main.js', 'node', [...nodeFlags, 'apps/server/dist/main.js']],
    // the peer: the same server with V8's default heap sizing
    ['node apps/server/dist/main.js without V8 flags', 'node', ['apps/server/dist/main.js']],
  ]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await startOnce(cmd, args, env));
    const p50 = (k) =>
      percentile(
        runs.map((r) => r[k]),
        50,
      );
    console.log(
      `${label} · ${name}: start to healthy p50 ${fmt(p50('ms'))} ms, max ${fmt(Math.max(...runs.map((r) => r.ms)))} ms (goal < 2000 ms); ` +
        `idle RSS p50 ${fmt(p50('total'))} MB all processes` +
        (name === 'npm start' ? ` (npm's own ${fmt(p50('npm'))} MB, server ${fmt(p50('server'))} MB)` : '') +
        `; runs ${RUNS}; load ${load()}`,
    );
  }
}

function stage(name, dataDir, env) {
  const r = spawnSync('node', [...nodeFlags, join(root, 'bench/server-parts.mjs'), name, dataDir], {
    cwd: root,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`stage ${name} failed (${r.status})`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

function printParts(title, rows) {
  console.log(`\n${title} (node ${nodeFlags.join(' ') || '(no flags)'}; MB; load ${load()})`);
  console.log(
    'part'.padEnd(46) +
      ['RSS', 'anon', 'file', 'heapTot', 'heapUsed', 'external', 'ready ms']
        .map((h) => h.padStart(9))
        .join(''),
  );
  for (const [label, f] of rows) {
    const cells = [f.rss, f.smaps.anonymous, f.smaps.file, f.heapTotal, f.heapUsed, f.external].map((n) =>
      fmt(n, 1).padStart(9),
    );
    console.log(label.padEnd(46) + cells.join('') + fmt(f.readyMs).padStart(9));
  }
}

// The server's modules without main.ts running: bundled as dist/main.js is, exporting startServer.
const serverModule = join(root, 'apps/server/dist/bench-server-parts.mjs');
await build({
  stdin: {
    contents:
      "export { loadConfig } from './src/config.ts';\nexport { startServer } from './src/server.ts';\n",
    resolveDir: join(root, 'apps/server'),
    loader: 'ts',
  },
  outfile: serverModule,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  plugins: [
    {
      name: 'externalize-deps',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@atelier/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-start-'));
let database;
try {
  console.log(`machine load before: ${load()}`);
  // The first start initialises the data dir (initdb, migrations, built-in templates); not measured.
  await startOnce('node', ['apps/server/dist/main.js'], baseEnv(dataDir));
  await compare('PGlite', baseEnv(dataDir));

  database = await scratchDatabase(adminUrl, `atelier_bench_start_${Date.now().toString(36)}`);
  const pgEnv = baseEnv(dataDir, { DATABASE_URL: database.url });
  await startOnce('node', ['apps/server/dist/main.js'], pgEnv); // migrates the scratch database
  await compare('PostgreSQL', pgEnv);

  const partEnv = (extra) => baseEnv(dataDir, { BENCH_SERVER_MODULE: serverModule, PORT: '0', ...extra });
  const server = (extra) => stage('server', dataDir, partEnv(extra));
  const noTemplates = { BUILTIN_TEMPLATES: 'false' };
  printParts('What each part holds, PGlite, idle after 2 s', [
    ['bare Node', stage('bare', dataDir, partEnv())],
    ['+ PGlite opened on the data dir', stage('pglite', dataDir, partEnv())],
    ['+ PGlite with the vector extension', stage('pglite+vector', dataDir, partEnv())],
    ['  + the migration check', stage('pglite+vector+migrations', dataDir, partEnv())],
    ["the server's modules imported (no database)", stage('modules', dataDir, partEnv())],
    ['server listening, role api', server({ ...noTemplates, ROLES: 'api' })],
    ['server, roles api,collab', server({ ...noTemplates, ROLES: 'api,collab' })],
    ['server, api,collab,worker (jobs, triggers)', server({ ...noTemplates, ROLES: 'api,collab,worker' })],
    ['  + built-in templates checked (= npm start)', server({})],
  ]);
  printParts('What each part holds, PostgreSQL (DATABASE_URL), idle after 2 s', [
    ['bare Node', stage('bare', dataDir, partEnv({ DATABASE_URL: database.url }))],
    ['server listening, role api', server({ ...noTemplates, ROLES: 'api', DATABASE_URL: database.url })],
    ['server, all roles + built-in templates', server({ DATABASE_URL: database.url })],
  ]);
} finally {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(serverModule, { force: true });
}
