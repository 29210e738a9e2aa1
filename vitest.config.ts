// Test tiers: unit (beside the code), integration (server over real HTTP on PGlite and,
// with TEST_DATABASE_URL, on a PostgreSQL server), browser (Chromium against the built app).
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Integration files at once: vitest's default is cores - 1, i.e. one file at a time on a 2-core
// machine, where the files spend much of their time waiting on PostgreSQL or a child process.
// TEST_WORKERS overrides it.
const workers = Number(process.env.TEST_WORKERS) || Math.max(2, Math.min(availableParallelism(), 6));
// Browser files side by side (in the same pool as the integration files) only when asked:
// E2E_PARALLEL=1. Each has its own server (port, data directory), Chromium and accounts, but on a
// 2-core machine at load 20-30 three files at once timed tests out (docs/benchmarks.md, 2026-11-26).
const e2eParallel = process.env.E2E_PARALLEL === '1';

const integrationFiles = ['apps/server/test/**/*.test.ts'];
// migrates one template database per run; each test file's server starts from a copy of it
const integrationSetup = './apps/server/test/helpers/global-setup.ts';
const pgProjects = process.env.TEST_DATABASE_URL
  ? [
      {
        test: {
          name: 'integration-postgres',
          include: integrationFiles,
          environment: 'node',
          env: { ATELIER_TEST_DB: 'postgres' },
          globalSetup: [integrationSetup],
          // generous for a loaded 2-core machine; a hung test still fails
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'integration-pglite',
          include: integrationFiles,
          environment: 'node',
          env: { ATELIER_TEST_DB: 'pglite' },
          globalSetup: [integrationSetup],
          // generous for a loaded 2-core machine; a hung test still fails
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      ...pgProjects,
      {
        test: {
          name: 'browser',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          // the same PGlite template: each file's server starts from a copy of it
          globalSetup: [integrationSetup],
          // generous: a whole AI or library flow on a loaded 2-core machine; a hung test still fails
          testTimeout: 240_000,
          hookTimeout: 180_000,
          // one file at a time (a sequential group after the others) unless E2E_PARALLEL=1
          fileParallelism: e2eParallel,
        },
      },
    ],
  },
});
