/**
 * vitest globalSetup of the integration projects: migrates one template database per test run
 * (a PGlite data directory, or a PostgreSQL database with ATELIER_TEST_DB=postgres) and hands
 * its location to the test files, which copy it instead of running initdb and every migration.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/connect.js';
import { adminQuery, testDbKind, withDatabase } from './db.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (its `pg` folder) to copy, or '' when absent. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database name to use as `TEMPLATE`, or '' when absent. */
    postgresTemplate: string;
  }
}

const quiet = { info: () => undefined, warn: () => undefined };

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  // globalSetup runs in the main process, where the project's `env` is not applied
  const kind = testDbKind(project.config.env?.ATELIER_TEST_DB);
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-template-'));
    const database = await openDatabase({ dataDir: dir }, quiet);
    await database.close();
    project.provide('pgliteTemplate', join(dir, 'pg'));
    project.provide('postgresTemplate', '');
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  const name = `atelier_tmpl_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const drop = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  try {
    const database = await openDatabase({ dataDir: tmpdir(), databaseUrl: withDatabase(name) }, quiet);
    await database.close();
  } catch (err) {
    await drop();
    throw err;
  }
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', name);
  return drop;
}
