/**
 * `npm run migrate-data -- --to postgres://… [--from <DATA_DIR>]`: copies the embedded PGlite
 * database of a data directory into an empty PostgreSQL database (docs/scaling.md).
 *
 * - The source is never modified: its `pg` folder is copied to a temporary directory and read
 *   there (a running server holding the directory is refused).
 * - The target gets the server's migrations, then every table of schema `public` in foreign-key
 *   order (read from the target's catalog), rows streamed through a cursor in batches, each value
 *   in its text form (vectors, JSON, bytea and timestamps round-trip exactly), in one transaction.
 *   Generated columns are computed by the target; rows of a table that references itself through
 *   one column are copied parents first (others: that column filled in a second pass); sequences
 *   are set past the copied ids.
 * - A target with rows in any table is refused; row counts are compared per table and printed.
 * - Stored files (DATA_DIR/files) are not copied: they stay where they are.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../db/connect.js';
import { liveLockHolder } from '../db/data-dir.js';

export class MigrateDataError extends Error {}

export interface MigrateDataOptions {
  /** The data directory whose `pg` folder is read. */
  from: string;
  /** The target PostgreSQL URL. */
  to: string;
  /** Rows per batch (default 500; fewer for wide tables). */
  batchSize?: number;
  log?: (line: string) => void;
}

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

interface Column {
  name: string;
  /** The target's type (format_type): values are sent as text and cast to it. */
  type: string;
  /** References its own table (parents copied first, or filled in a second pass). */
  selfRef: boolean;
  /** For a single-column reference to its own table: the column it references. */
  selfRefTarget?: string;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables of schema public in an order where every table comes after the tables it references. */
export function dependencyOrder(tables: string[], edges: Array<{ from: string; to: string }>): string[] {
  const deps = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges)
    if (e.from !== e.to && deps.has(e.from) && deps.has(e.to)) deps.get(e.from)!.add(e.to);
  const order: string[] = [];
  const done = new Set<string>();
  while (order.length < tables.length) {
    const ready = [...deps.keys()]
      .filter((t) => !done.has(t) && [...deps.get(t)!].every((d) => done.has(d)))
      .sort();
    if (!ready.length) {
      const left = tables.filter((t) => !done.has(t)).join(', ');
      throw new MigrateDataError(`The foreign keys between these tables form a cycle: ${left}`);
    }
    for (const t of ready) {
      done.add(t);
      order.push(t);
    }
  }
  return order;
}

async function targetPlan(target: pg.Client) {
  const tables = (
    await target.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    )
  ).rows.map((r) => r.name);
  const fks = (
    await target.query<{ from: string; to: string; col: string; ref: string | null }>(
      `SELECT c.conrelid::regclass::text AS "from", c.confrelid::regclass::text AS "to", a.attname AS col,
              CASE WHEN cardinality(c.conkey) = 1 THEN
                (SELECT r.attname FROM pg_attribute r WHERE r.attrelid = c.confrelid AND r.attnum = c.confkey[1])
              END AS ref
         FROM pg_constraint c
         JOIN pg_namespace n ON n.oid = c.connamespace
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
        WHERE c.contype = 'f' AND n.nspname = 'public'`,
    )
  ).rows.map((r) => ({ ...r, from: r.from.replace(/^"|"$/g, ''), to: r.to.replace(/^"|"$/g, '') }));
  const columns = new Map<string, Column[]>();
  const rows = (
    await target.query<{ table: string; name: string; type: string }>(
      `SELECT c.relname AS "table", a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
         FROM pg_attribute a
         JOIN pg_class c ON c.oid = a.attrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
          AND a.attgenerated = ''
        ORDER BY c.relname, a.attnum`,
    )
  ).rows;
  for (const r of rows) {
    const own = fks.filter((f) => f.from === r.table && f.to === r.table && f.col === r.name);
    const column: Column = { name: r.name, type: r.type, selfRef: own.length > 0 };
    if (own.length === 1 && own[0]!.ref) column.selfRefTarget = own[0]!.ref;
    columns.set(r.table, [...(columns.get(r.table) ?? []), column]);
  }
  const sequences = (
    await target.query<{ table: string; col: string; seq: string }>(
      `SELECT c.table_name AS "table", c.column_name AS col,
              pg_get_serial_sequence(format('%I.%I', c.table_schema, c.table_name), c.column_name) AS seq
         FROM information_schema.columns c
        WHERE c.table_schema = 'public'
          AND pg_get_serial_sequence(format('%I.%I', c.table_schema, c.table_name), c.column_name) IS NOT NULL`,
    )
  ).rows;
  return { order: dependencyOrder(tables, fks), columns, sequences };
}

async function refuseNonEmpty(target: pg.Client): Promise<void> {
  const tables = (
    await target.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`,
    )
  ).rows.map((r) => r.name);
  const filled: string[] = [];
  for (const t of tables) {
    const { rows } = await target.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${ident(t)}) AS any`);
    if (rows[0]?.any) filled.push(t);
  }
  if (filled.length) {
    throw new MigrateDataError(
      `The target database is not empty (rows in ${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', …' : ''}). ` +
        'migrate-data only copies into an empty database: create a new one (CREATE DATABASE …) and pass its URL.',
    );
  }
}

async function copyTable(
  source: Transaction,
  target: pg.Client,
  table: string,
  columns: Column[],
  batchSize: number,
): Promise<void> {
  const names = columns.map((c) => ident(c.name));
  // One column referencing its own table by one column (shares.parent_share_id): the rows are
  // copied parents first, each with its reference, in one pass. A second pass that first leaves
  // the reference empty breaks unique indexes that hold only top-level rows (shares_top_level_key:
  // a document shared alone and inside a shared canvas would be two top-level rows at once).
  const [only, ...more] = columns.filter((c) => c.selfRef);
  const byDepth = only && !more.length && only.selfRefTarget ? only : null;
  const selfRefs = byDepth ? [] : columns.filter((c) => c.selfRef);
  // at most ~60k parameters per statement
  const perBatch = Math.max(1, Math.min(batchSize, Math.floor(60_000 / columns.length)));
  const cursor = `migrate_${table.replace(/\W/g, '_')}`;
  const read = names.map((n) => `src.${n}::text`).join(', ');
  if (byDepth) {
    const col = ident(byDepth.name);
    const ref = ident(byDepth.selfRefTarget!);
    await source.query(
      `DECLARE ${cursor} NO SCROLL CURSOR FOR
         WITH RECURSIVE tree(k, depth) AS (
           SELECT ${ref}, 0 FROM ${ident(table)} WHERE ${col} IS NULL
           UNION ALL
           SELECT c.${ref}, tree.depth + 1 FROM ${ident(table)} c JOIN tree ON c.${col} = tree.k
         )
         SELECT ${read} FROM ${ident(table)} src JOIN tree ON src.${ref} = tree.k ORDER BY tree.depth`,
    );
  } else {
    await source.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT ${read} FROM ${ident(table)} src`);
  }
  for (;;) {
    const { rows } = await source.query<Record<string, string | null>>(
      `FETCH ${perBatch} FROM ${cursor}`,
      [],
      {
        rowMode: 'array',
      },
    );
    if (!rows.length) break;
    const values: unknown[] = [];
    const tuples = (rows as unknown as Array<Array<string | null>>).map((row) => {
      const placeholders = columns.map((c, i) => {
        values.push(c.selfRef && c !== byDepth ? null : row[i]);
        return `$${values.length}::${c.type}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await target.query(
      `INSERT INTO ${ident(table)} (${names.join(', ')}) VALUES ${tuples.join(', ')}`,
      values,
    );
  }
  await source.query(`CLOSE ${cursor}`);
  if (!selfRefs.length) return;
  // Second pass, streamed like the first: the columns that point into the same table, now that
  // every row is there.
  const keys = (
    await target.query<{ col: string }>(
      `SELECT a.attname AS col FROM pg_index i
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
        WHERE i.indrelid = $1::regclass AND i.indisprimary`,
      [ident(table)],
    )
  ).rows.map((r) => columns.find((c) => c.name === r.col)!);
  if (!keys.length) throw new MigrateDataError(`Table ${table} references itself but has no primary key`);
  const picked = [...keys, ...selfRefs];
  await source.query(
    `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT ${picked.map((c) => `${ident(c.name)}::text`).join(', ')}
       FROM ${ident(table)} WHERE ${selfRefs.map((c) => `${ident(c.name)} IS NOT NULL`).join(' OR ')}`,
  );
  const set = selfRefs.map((c, i) => `${ident(c.name)} = $${keys.length + i + 1}::${c.type}`);
  const where = keys.map((c, i) => `${ident(c.name)} = $${i + 1}::${c.type}`);
  const update = `UPDATE ${ident(table)} SET ${set.join(', ')} WHERE ${where.join(' AND ')}`;
  for (;;) {
    const { rows } = await source.query(`FETCH ${perBatch} FROM ${cursor}`, [], { rowMode: 'array' });
    if (!rows.length) break;
    for (const row of rows as unknown as unknown[][]) await target.query(update, row);
  }
  await source.query(`CLOSE ${cursor}`);
}

/** Copies the data; throws MigrateDataError for what the user must fix. Answers the per-table counts. */
export async function migrateData(opts: MigrateDataOptions): Promise<TableCount[]> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const from = resolve(opts.from);
  const pgDir = join(from, 'pg');
  if (!existsSync(join(pgDir, 'PG_VERSION'))) {
    throw new MigrateDataError(
      `No embedded database in ${from} (expected ${pgDir}). Pass --from <DATA_DIR>.`,
    );
  }
  const holder = liveLockHolder(join(from, 'atelier.pid'));
  if (holder !== null) {
    throw new MigrateDataError(
      `The data directory is in use by a running Atelier process (pid ${holder}): stop it first.`,
    );
  }
  let targetUrl: URL;
  try {
    targetUrl = new URL(opts.to);
  } catch {
    throw new MigrateDataError('--to must be a PostgreSQL URL, e.g. postgres://user:pass@host:5432/atelier');
  }
  if (!/^postgres(ql)?:$/.test(targetUrl.protocol)) {
    throw new MigrateDataError('--to must be a PostgreSQL URL, e.g. postgres://user:pass@host:5432/atelier');
  }

  const target = new pg.Client({ connectionString: opts.to });
  try {
    await target.connect();
  } catch (err) {
    throw new MigrateDataError(`Cannot connect to the target database: ${(err as Error).message}`);
  }
  const work = mkdtempSync(join(tmpdir(), 'atelier-migrate-'));
  try {
    await refuseNonEmpty(target);
    log(`Reading a copy of ${pgDir} (the source is not modified)…`);
    cpSync(pgDir, join(work, 'pg'), { recursive: true });
    const quiet = { info: () => undefined, warn: () => undefined };
    // The copy is brought to the current schema too, so both sides have the same columns.
    const source = await openDatabase({ dataDir: work }, quiet);
    try {
      log('Running migrations on the target…');
      const migrated = await openDatabase({ dataDir: work, databaseUrl: opts.to }, quiet);
      await migrated.close();
      await refuseNonEmpty(target);
      const plan = await targetPlan(target);
      const client = (source.db as unknown as { $client: PGlite }).$client;
      const counts: TableCount[] = [];
      await target.query('BEGIN');
      try {
        await client.transaction(async (tx) => {
          for (const table of plan.order) {
            const columns = plan.columns.get(table) ?? [];
            if (!columns.length) continue;
            await copyTable(tx, target, table, columns, opts.batchSize ?? 500);
          }
        });
        for (const s of plan.sequences) {
          await target.query(
            `SELECT setval($1, coalesce((SELECT max(${ident(s.col)}) FROM ${ident(s.table)}), 0) + 1, false)`,
            [s.seq],
          );
        }
        for (const table of plan.order) {
          const [src, dst] = await Promise.all([
            client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ident(table)}`),
            target.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ident(table)}`),
          ]);
          counts.push({ table, source: src.rows[0]!.n, target: dst.rows[0]!.n });
        }
        const wrong = counts.filter((c) => c.source !== c.target);
        if (wrong.length) {
          throw new MigrateDataError(
            `Row counts differ after the copy (${wrong.map((c) => `${c.table}: ${c.source} → ${c.target}`).join(', ')}); no rows were written.`,
          );
        }
        await target.query('COMMIT');
      } catch (err) {
        await target.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
      const width = Math.max(...counts.map((c) => c.table.length), 5);
      log('');
      log(`${'table'.padEnd(width)}  rows (source = target)`);
      for (const c of counts) log(`${c.table.padEnd(width)}  ${c.target}`);
      log('');
      log(
        `Copied ${counts.length} tables, ${counts.reduce((n, c) => n + c.target, 0)} rows; counts verified.`,
      );
      log(
        `Stored files were not copied: they stay in ${join(from, 'files')}. Keep DATA_DIR=${from} ` +
          '(STORAGE_DRIVER=fs) on the server that uses the new database, or move them to S3 (docs/scaling.md).',
      );
      log(
        `Next: start the server with DATABASE_URL set to the target (and the same JWT_SECRET/ENCRYPTION_KEY, if set).`,
      );
      return counts;
    } finally {
      await source.close();
    }
  } finally {
    await target.end().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  let values: {
    from?: string | undefined;
    to?: string | undefined;
    'batch-size'?: string | undefined;
    help?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        'batch-size': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(64);
  }
  if (values.help || !values.to) {
    const usage =
      'Usage: npm run migrate-data -- --to postgres://user:pass@host:5432/db [--from <DATA_DIR>] [--batch-size 500]\n' +
      'Copies the embedded database of DATA_DIR (default: $DATA_DIR or ./data) into an empty PostgreSQL database.';
    if (values.help) {
      console.log(usage);
      return;
    }
    console.error(usage);
    process.exit(64);
  }
  // npm runs workspace scripts in the workspace folder: paths are relative to where it was called.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const from = resolve(cwd, values.from ?? process.env.DATA_DIR ?? './data');
  const batchSize = Number(values['batch-size'] ?? 500);
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    console.error('migrate-data: --batch-size must be a whole number of rows, at least 1');
    process.exit(64);
  }
  try {
    await migrateData({ from, to: values.to, batchSize });
  } catch (err) {
    if (err instanceof MigrateDataError) {
      console.error(`migrate-data: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  await main();
}
