/**
 * Test databases: PGlite in a fresh temp directory, or (ATELIER_TEST_DB=postgres) a fresh
 * database created on the server named by TEST_DATABASE_URL and dropped afterwards. When the
 * integration globalSetup made a migrated template (global-setup.ts), each database is a copy
 * of it, so the server's migrations find nothing to do.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { inject, type ProvidedContext } from 'vitest';

export type TestDbKind = 'pglite' | 'postgres';

export function testDbKind(value = process.env.ATELIER_TEST_DB): TestDbKind {
  return value === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestDatabase {
  /** DATABASE_URL for the server, or undefined for PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('ATELIER_TEST_DB=postgres needs TEST_DATABASE_URL');
  return admin;
}

/** TEST_DATABASE_URL pointing at another database on the same server. */
export function withDatabase(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement (CREATE/DROP DATABASE) on the TEST_DATABASE_URL server. */
export async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** What globalSetup provided, or '' outside a vitest run that has it (e.g. a script). */
export function provided(key: keyof ProvidedContext): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

/**
 * Copies the run's migrated PGlite template into `dataDir/pg` unless that folder exists already
 * (a restart of the same server). Answers whether it copied; false outside a run with the template.
 */
export function seedPgliteDataDir(dataDir: string): boolean {
  const source = provided('pgliteTemplate');
  const target = join(dataDir, 'pg');
  if (!source || existsSync(target)) return false;
  cpSync(source, target, { recursive: true });
  return true;
}

/**
 * Prepares the database for a server whose data directory is `dataDir`: copies the PGlite
 * template into `dataDir/pg`, or creates a PostgreSQL database (from the template if any).
 */
export async function createTestDatabase(
  kind: TestDbKind = testDbKind(),
  dataDir?: string,
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    if (dataDir) seedPgliteDataDir(dataDir);
    return { url: undefined, drop: async () => undefined };
  }
  const name = `atelier_t_${randomBytes(6).toString('hex')}`;
  const source = provided('postgresTemplate');
  await adminQuery(source ? `CREATE DATABASE ${name} TEMPLATE ${source}` : `CREATE DATABASE ${name}`);
  return {
    url: withDatabase(name),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
