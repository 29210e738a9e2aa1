// Test tiers: unit (beside the code), integration (server over real HTTP on PGlite and,
// with TEST_DATABASE_URL, on a PostgreSQL server), browser (Chromium against the built app).
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Test files at once, shared by every project (one pool: browser files overlap with integration
// files). vitest's default is cores - 1, i.e. one file at a time on a 2-core machine, where the
// integration and browser files spend much of their time waiting on a child process, PostgreSQL or
// Chromium. TEST_WORKERS overrides it.
const workers = Number(process.env.TEST_WORKERS) || Math.min(availableParallelism() + 1, 6);

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
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Files run side by side: each has its own server (port, data directory) and Chromium
          // (its own temporary profile), and makes its own accounts.
        },
      },
    ],
  },
});
