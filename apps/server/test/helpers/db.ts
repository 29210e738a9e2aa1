/**
 * Test databases: PGlite in a fresh temp directory, or (ATELIER_TEST_DB=postgres) a fresh
 * database created on the server named by TEST_DATABASE_URL and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type TestDbKind = 'pglite' | 'postgres';

export function testDbKind(): TestDbKind {
  return process.env.ATELIER_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestDatabase {
  /** DATABASE_URL for the server, or undefined for PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: TestDbKind = testDbKind()): Promise<TestDatabase> {
  if (kind === 'pglite') return { url: undefined, drop: async () => undefined };
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('ATELIER_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `atelier_t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
