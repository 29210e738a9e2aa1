// What each part of an idle server holds: one fresh Node process per stage, each adding a part
// (bare Node; PGlite opened on an existing data directory, without and with the vector
// extension; the migration check; the server's modules imported; the server listening with
// its roles and background services switched on one by one). Each stage waits for its work,
// lets the process settle, then reports process.memoryUsage() and /proc/self/smaps_rollup.
// Run by server-start.mjs (which prints the table); `node bench/server-parts.mjs <stage> <dataDir>`
// runs one stage and prints its figures as JSON.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 2000);

/** RSS split as the kernel sees it (kB → MB): anonymous memory vs mapped files. */
function smaps() {
  const text = readFileSync('/proc/self/smaps_rollup', 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) / 1024;
  return { rss: field('Rss'), anonymous: field('Anonymous'), file: field('Rss') - field('Anonymous') };
}

function snapshot() {
  const m = process.memoryUsage();
  const mb = (n) => n / 1024 / 1024;
  return {
    rss: mb(m.rss),
    heapTotal: mb(m.heapTotal),
    heapUsed: mb(m.heapUsed),
    external: mb(m.external),
    arrayBuffers: mb(m.arrayBuffers),
    smaps: smaps(),
  };
}

// The start parameters the server gives PGlite by default (db/connect.ts). BENCH_PGLITE_PARAMS
// ('shared_buffers=16MB work_mem=1MB') and BENCH_PGLITE_INITIAL_MEMORY (bytes) try others.
async function openPglite(dataDir, withVector) {
  const { PGlite } = await import('@electric-sql/pglite');
  const params = (process.env.BENCH_PGLITE_PARAMS ?? 'shared_buffers=32MB').split(/\s+/).filter(Boolean);
  const extra = params.flatMap((p) => ['-c', p]);
  const options = {
    startParams: [...PGlite.defaultStartParams, ...extra],
    ...(process.env.BENCH_PGLITE_INITIAL_MEMORY
      ? { initialMemory: Number(process.env.BENCH_PGLITE_INITIAL_MEMORY) }
      : {}),
  };
  if (withVector) {
    const { vector } = await import('@electric-sql/pglite-pgvector');
    options.extensions = { vector };
  }
  const client = await PGlite.create(join(dataDir, 'pg'), options);
  await client.query('SELECT 1');
  return client;
}

async function importServer() {
  return import(pathToFileURL(process.env.BENCH_SERVER_MODULE).href);
}

const stages = {
  bare: async () => undefined,
  pglite: async (dataDir) => openPglite(dataDir, false),
  'pglite+vector': async (dataDir) => openPglite(dataDir, true),
  'pglite+vector+migrations': async (dataDir) => {
    const client = await openPglite(dataDir, true);
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(drizzle({ client }), { migrationsFolder: join(root, 'apps/server/drizzle') });
  },
  modules: async () => importServer(),
  // The server itself; the environment picks roles and services (see server-start.mjs).
  server: async () => {
    const { loadConfig, startServer } = await importServer();
    const running = await startServer(loadConfig());
    await running.builtinTemplates;
    await running.ctx.vectorIndexes.settled();
    return running;
  },
};

async function runStage(name, dataDir) {
  const t0 = performance.now();
  const kept = await stages[name](dataDir);
  const readyMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const figures = { stage: name, readyMs, sinceProcessStartMs: performance.now(), ...snapshot() };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  if (kept && typeof kept.close === 'function') await kept.close();
  process.exit(0);
}

if (process.argv[2]) await runStage(process.argv[2], process.argv[3]);
