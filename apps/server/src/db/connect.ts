/**
 * Opens the database: embedded PGlite under DATA_DIR/pg when DATABASE_URL is unset, a
 * PostgreSQL server otherwise. Both get the same drizzle schema and the same migrations.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema/index.js';
import { setAsideInterruptedInit } from './data-dir.js';
import { classifyStartError } from './db-errors.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export { schema };

/**
 * Runs `fn` while this process holds the database lock named `key`: on PostgreSQL a transaction
 * advisory lock (`pg_advisory_xact_lock(hashtext(key))`), so the instances of a scaled-out
 * deployment take turns; on PGlite (one process per data directory) `fn` just runs, and the
 * caller's in-process lock is all that is needed.
 */
export type DbLock = <T>(key: string, fn: () => Promise<T>) => Promise<T>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  lock: DbLock;
  close(): Promise<void>;
}

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** Finds apps/server/drizzle from the source tree (tests) or next to the bundle (dist). */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('Cannot find the drizzle migrations folder');
}

export async function openDatabase(
  opts: {
    databaseUrl?: string;
    dataDir: string;
    /** PGlite only, e.g. '32MB'. */
    sharedBuffers?: string;
    /** The migrations to run; migrationsFolder() unless given (tests). */
    migrations?: string;
  },
  log: Logger,
): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, an administrator, a dropped database) makes
    // the pool emit 'error'; without a listener that would crash the process. The pool replaces
    // the connection on the next query.
    pool.on('error', (err: Error) =>
      log.warn({ err }, 'an idle database connection was closed by the server'),
    );
    const db = drizzle({ client: pool, schema });
    // Several instances may start at once: serialise migrations with an advisory lock.
    const client = await pool.connect();
    let failure: unknown = null;
    try {
      await client.query('SELECT pg_advisory_lock(58005800)');
      await migrate(db, { migrationsFolder: opts.migrations ?? migrationsFolder() });
    } catch (err) {
      failure = err;
    } finally {
      await client.query('SELECT pg_advisory_unlock(58005800)').catch(() => undefined);
      client.release();
    }
    if (failure) {
      await pool.end().catch(() => undefined);
      // a server without pgvector: one line naming the fix (main.ts prints it), not a stack
      throw classifyStartError(failure, opts.databaseUrl) ?? failure;
    }
    // Lock holders wait on a pool of their own: a holder's work runs on the main pool, so holders
    // can never take every connection the work they guard needs.
    const lockPool = new pg.Pool({ connectionString: opts.databaseUrl, max: 4 });
    lockPool.on('error', (err: Error) =>
      log.warn({ err }, 'an idle database lock connection was closed by the server'),
    );
    const lock: DbLock = async (key, fn) => {
      const holder = await lockPool.connect();
      let broken = false;
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
        const value = await fn();
        await holder.query('COMMIT');
        return value;
      } catch (err) {
        await holder.query('ROLLBACK').catch(() => (broken = true));
        throw err;
      } finally {
        holder.release(broken);
      }
    };
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      lock,
      close: async () => {
        await Promise.all([pool.end(), lockPool.end()]);
      },
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { vector } = await import('@electric-sql/pglite-pgvector');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const pgDir = join(opts.dataDir, 'pg');
  const aside = setAsideInterruptedInit(pgDir);
  if (aside) log.warn({ aside }, 'found an interrupted database initialisation; moved it aside');
  const client = await PGlite.create(pgDir, {
    extensions: { vector },
    ...(opts.sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.sharedBuffers}`] }
      : {}),
  });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: opts.migrations ?? migrationsFolder() });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    lock: (_key, fn) => fn(),
    close: async () => {
      // CHECKPOINT flushes the WAL so a restart does not depend on replay.
      await db.execute(sql`CHECKPOINT`).catch(() => undefined);
      await client.close();
    },
  };
}
