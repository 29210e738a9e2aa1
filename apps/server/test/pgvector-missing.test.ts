/**
 * A PostgreSQL server without an extension a migration creates (issue 31): openDatabase — what
 * startServer runs, and main.ts prints — rejects with one line naming the database and the fix,
 * classified from PostgreSQL's real error (SQLSTATE 0A000 on PG ≥ 15) inside drizzle's
 * DrizzleQueryError. This server has pgvector, so the migration here creates an extension no
 * server has; the wording for `vector` is checked on the same classifier's answer.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.js';
import { MissingExtensionError, classifyStartError } from '../src/db/db-errors.js';
import { adminQuery, testDbKind, withDatabase } from './helpers/db.js';

const name = `atelier_t_ext_${Math.random().toString(36).slice(2, 10)}`;
let dir = '';
const quiet = { info: () => undefined, warn: () => undefined };

describe.skipIf(testDbKind() !== 'postgres')('a PostgreSQL server without the extension', () => {
  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${name}`);
    dir = mkdtempSync(join(tmpdir(), 'atelier-ext-'));
    mkdirSync(join(dir, 'meta'));
    writeFileSync(
      join(dir, 'meta', '_journal.json'),
      JSON.stringify({
        version: '7',
        dialect: 'postgresql',
        entries: [{ idx: 0, version: '7', when: 1, tag: '0000_ext', breakpoints: true }],
      }),
    );
    writeFileSync(join(dir, '0000_ext.sql'), 'CREATE EXTENSION IF NOT EXISTS atelier_absent_ext;');
  });
  afterAll(async () => {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('rejects the migration with one line naming the database, not the query error', async () => {
    const url = withDatabase(name);
    const err: unknown = await openDatabase({ databaseUrl: url, dataDir: dir, migrations: dir }, quiet).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(MissingExtensionError);
    const message = (err as Error).message;
    expect(message).toBe(
      `PostgreSQL at ${new URL(url).host}/${name} has no atelier_absent_ext extension: install it on the database server`,
    );
    expect(message).not.toContain('\n');
  });

  it('names the pgvector package and image for vector, from the real error of CREATE EXTENSION', async () => {
    const client = new pg.Client({ connectionString: withDatabase(name) });
    await client.connect();
    const real: unknown = await client.query('CREATE EXTENSION atelier_absent_ext').then(
      () => null,
      (e: unknown) => e,
    );
    await client.end();
    expect(real).toMatchObject({ code: '0A000', message: 'extension "atelier_absent_ext" is not available' });
    // the same error, as drizzle wraps it
    const wrapped = new Error('Failed query: CREATE EXTENSION', { cause: real });
    expect(classifyStartError(wrapped, 'postgres://u:secret@db:5432/atelier')?.message).toBe(
      'PostgreSQL at db:5432/atelier has no atelier_absent_ext extension: install it on the database server',
    );
    expect(new MissingExtensionError('vector', 'db:5432/atelier').message).toBe(
      "PostgreSQL at db:5432/atelier has no pgvector extension: install the server's pgvector package (e.g. postgresql-16-pgvector) or use the pgvector/pgvector image",
    );
    expect(
      classifyStartError(new Error('Failed query', { cause: { code: '42P01' } }), 'postgres://db/x'),
    ).toBeNull();
  });
});
