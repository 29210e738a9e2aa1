// Test tiers: unit (beside the code), integration (server over real HTTP on PGlite and,
// with TEST_DATABASE_URL, on a PostgreSQL server), browser (Chromium against the built app).
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Integration files at once: vitest's default is cores - 1, i.e. one file at a time on a 2-core
// machine, where the files spend much of their time waiting on PostgreSQL or a child process.
// TEST_WORKERS overrides it.
const workers = Number(process.env.TEST_WORKERS) || Math.max(2, Math.min(availableParallelism(), 6));
// Browser files side by side only when asked: E2E_PARALLEL=1 (`npm test` asks for two at once
// when the machine is otherwise idle, scripts/test.mjs). Each has its own server (port, data
// directory), Chromium and accounts, but on a 2-core machine at load 20-30 three files at once
// timed tests out (docs/benchmarks.md, 2026-11-26).
const e2eParallel = process.env.E2E_PARALLEL === '1';

// In CI a failed integration or browser test runs once more. Sessions were lost to single tests
// that failed on a loaded machine (a lost click, a search before ingestion); a retry keeps such a
// failure from sinking the run, and `npm test` prints every test that needed one (RETRIED lines,
// scripts/retried-reporter.mjs) so it is fixed, not forgotten. Local runs never retry.
const retry = process.env.CI ? 1 : 0;

const integrationFiles = ['apps/server/test/**/*.test.ts'];
// migrates one template database per run; each test file's server starts from a copy of it
const integrationSetup = './apps/server/test/helpers/global-setup.ts';
// bundles the server from the current sources for the tests that start it as a child process
const serverBundleSetup = './apps/server/test/helpers/server-bundle.ts';
// Integration files share their worker's module graph (isolate: false): each file still starts
// its own server on its own database, but the server's modules are imported once per worker, not
// once per file (about 3 s each, 160-180 s per project per run). Files that replace a module with
// vi.mock need a fresh graph and run in an '-isolated' project beside it.
const isolatedFiles = ['apps/server/test/security.test.ts'];

// Files about one database engine run only in that engine's project (each also guards itself
// with skipIf when run by hand elsewhere), so CI reports no skipped tests for them.
const engineOnlyFiles = {
  pglite: ['apps/server/test/durability.test.ts', 'apps/server/test/pglite-memory.test.ts'],
  postgres: [
    'apps/server/test/collab-redis.test.ts',
    'apps/server/test/db-connection-loss.test.ts',
    'apps/server/test/migrate-data.test.ts',
    'apps/server/test/pgvector-missing.test.ts',
    'apps/server/test/shared-data-dir.test.ts',
    'apps/server/test/trigger-race-redis.test.ts',
    'apps/server/test/trigger-timer-race.test.ts',
  ],
};

function integrationProjects(name: string, db: 'pglite' | 'postgres') {
  const otherEngineFiles = engineOnlyFiles[db === 'pglite' ? 'postgres' : 'pglite'];
  const common = {
    environment: 'node' as const,
    env: { ATELIER_TEST_DB: db },
    globalSetup: [integrationSetup, serverBundleSetup],
    // generous for a loaded 2-core machine; a hung test still fails
    testTimeout: 120_000,
    hookTimeout: 180_000,
    retry,
  };
  return [
    {
      test: {
        ...common,
        name,
        include: integrationFiles,
        exclude: [...isolatedFiles, ...otherEngineFiles],
        isolate: false,
      },
    },
    { test: { ...common, name: `${name}-isolated`, include: isolatedFiles } },
  ];
}

const pgProjects = process.env.TEST_DATABASE_URL
  ? integrationProjects('integration-postgres', 'postgres')
  : [];

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/extension/src/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          environment: 'node',
        },
      },
      './apps/web/vitest.config.ts',
      ...integrationProjects('integration-pglite', 'pglite'),
      ...pgProjects,
      {
        test: {
          name: 'browser',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          // Each file's server starts from a copy of the run's migrated template: with
          // TEST_DATABASE_URL a database on that PostgreSQL server, else a PGlite data directory.
          // PostgreSQL when there is one: the integration projects already run every server test
          // on both engines, and a server on PostgreSQL spends about half the CPU of one running
          // PGlite's WebAssembly in its own process (docs/benchmarks.md, 2026-11-28 evening).
          env: { ATELIER_TEST_DB: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
          globalSetup: [integrationSetup],
          // generous: a whole AI or library flow on a loaded 2-core machine; a hung test still fails
          testTimeout: 240_000,
          hookTimeout: 180_000,
          // one file at a time unless E2E_PARALLEL=1 (then TEST_WORKERS or `workers` at once)
          fileParallelism: e2eParallel,
          // as in the integration projects: playwright-core and the support modules are imported
          // once per worker, not once per file (~1.4 core-s a file); no browser file uses vi.mock
          isolate: false,
          retry,
        },
      },
    ],
  },
});
