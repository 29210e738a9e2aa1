/**
 * Approximate nearest-neighbour indexes for library vector search. `library_chunks.embedding` has
 * no fixed dimension (each library keeps its embedding model's), so there is one partial HNSW
 * expression index per dimension in use:
 *   CREATE INDEX library_chunks_embedding_<N>_hnsw ON library_chunks
 *     USING hnsw ((embedding::vector(N)) vector_cosine_ops) WHERE vector_dims(embedding) = N
 * (`halfvec(N)` from 2,001 to 4,000 dimensions, pgvector's limit for `vector` being 2,000; none
 * above). Indexes are built at start for the dimensions libraries are bound to and when a new
 * dimension first appears; CONCURRENTLY on PostgreSQL, in place on PGlite (one connection).
 * Queries use the index only with pgvector ≥ 0.8, whose iterative scan (`relaxed_order`) applies
 * the owner filter inside the index scan; otherwise they stay an exact scan (logged once).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';

/** HNSW candidate list size per query, chosen by the recall measured in bench/search-latency.ts. */
export const HNSW_EF_SEARCH = 400;
const VECTOR_MAX_DIMS = 2000;
const HALFVEC_MAX_DIMS = 4000;

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** The type the index (and the query's cast) uses for `dims`, or null when HNSW cannot index it. */
export function vectorIndexType(dims: number): 'vector' | 'halfvec' | null {
  if (!Number.isInteger(dims) || dims < 1) return null;
  if (dims <= VECTOR_MAX_DIMS) return 'vector';
  if (dims <= HALFVEC_MAX_DIMS) return 'halfvec';
  return null;
}

export function vectorIndexName(dims: number): string {
  return `library_chunks_embedding_${dims}_hnsw`;
}

/** The number of dimensions of a pgvector literal such as '[0.1,0.2]'. */
export function literalDims(literal: string): number {
  return literal.split(',').length;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function atLeast(version: string, major: number, minor: number): boolean {
  const [a = 0, b = 0] = version.split('.').map(Number);
  return a > major || (a === major && b >= minor);
}

/**
 * The ORDER BY expression of a vector query over `library_chunks c`: the cast matches the index
 * expression of `dims` so the planner can use it. `dims` must be an integer (it is inlined).
 */
export function distanceTo(queryVector: string, dims: number): SQL {
  const type = sql.raw(`${vectorIndexType(dims) ?? 'vector'}(${dims})`);
  return sql`(c.embedding::${type} <=> ${queryVector}::${type})`;
}

/** The partial-index predicate of `dims` (inlined: a bound parameter would hide it from the planner). */
export function dimsPredicate(dims: number): SQL {
  if (!Number.isInteger(dims)) throw new Error(`not a dimension: ${dims}`);
  return sql.raw(`vector_dims(c.embedding) = ${dims}`);
}

export class VectorIndexes {
  private version: Promise<string | null> | null = null;
  private readonly ready = new Set<number>();
  private readonly failed = new Set<number>();
  private readonly building = new Map<number, Promise<boolean>>();
  private readonly said = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly kind: 'pglite' | 'postgres',
    private readonly log: Logger,
  ) {}

  /** pgvector's installed version (null without the extension). */
  extensionVersion(): Promise<string | null> {
    this.version ??= this.db
      .execute(sql`SELECT extversion FROM pg_extension WHERE extname = 'vector'`)
      .then((r) => rowsOf<{ extversion: string }>(r)[0]?.extversion ?? null);
    return this.version;
  }

  /** Builds the indexes of every dimension a library is bound to (server start). */
  async start(): Promise<void> {
    const result = await this.db.execute(
      sql`SELECT DISTINCT dimensions FROM library_embedding_models ORDER BY dimensions`,
    );
    for (const { dimensions } of rowsOf<{ dimensions: number }>(result)) await this.ensure(dimensions);
  }

  /** Builds the index of the dimension `uid`'s library is bound to, if any (after embedding). */
  async ensureFor(uid: string): Promise<boolean> {
    const result = await this.db.execute(
      sql`SELECT dimensions FROM library_embedding_models WHERE uid = ${uid}`,
    );
    const dims = rowsOf<{ dimensions: number }>(result)[0]?.dimensions;
    return dims ? this.ensure(dims) : false;
  }

  /** Resolves when every build started so far has ended (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.building.size) await Promise.all(this.building.values());
  }

  /**
   * Makes sure the index of `dims` exists (building it when missing); true when it is usable.
   * Safe to call often: after the first success it answers from memory.
   */
  ensure(dims: number): Promise<boolean> {
    if (this.ready.has(dims)) return Promise.resolve(true);
    const running = this.building.get(dims);
    if (running) return running;
    const build = this.build(dims).finally(() => this.building.delete(dims));
    this.building.set(dims, build);
    return build;
  }

  /**
   * True when a query of `dims` dimensions can use its HNSW index now; otherwise starts the build
   * (when possible) and says once why searches of that dimension are an exact scan.
   */
  async usable(dims: number): Promise<boolean> {
    if (this.ready.has(dims)) return true;
    const reason = await this.unsupported(dims);
    if (reason) {
      this.sayOnce(reason, { dims });
      return false;
    }
    if (await this.valid(dims)) {
      this.ready.add(dims);
      return true;
    }
    if (!this.failed.has(dims)) void this.ensure(dims);
    this.sayOnce('no HNSW index for this dimension yet; vector search is an exact scan', { dims });
    return false;
  }

  private sayOnce(msg: string, obj: object): void {
    const key = `${msg} ${JSON.stringify(obj)}`;
    if (this.said.has(key)) return;
    this.said.add(key);
    this.log.info(obj, msg);
  }

  private async unsupported(dims: number): Promise<string | null> {
    const version = await this.extensionVersion();
    if (!version || !atLeast(version, 0, 8))
      return `pgvector ${version ?? '(none)'} has no iterative index scan (0.8 or later needed); vector search is an exact scan`;
    if (!vectorIndexType(dims))
      return `HNSW cannot index more than ${HALFVEC_MAX_DIMS} dimensions; vector search is an exact scan`;
    return null;
  }

  private async state(dims: number): Promise<'valid' | 'building' | 'invalid' | 'missing'> {
    const result = await this.db.execute(sql`
      SELECT i.indisvalid AS valid,
             EXISTS (SELECT 1 FROM pg_stat_progress_create_index p WHERE p.index_relid = i.indexrelid) AS building
        FROM pg_index i WHERE i.indexrelid = to_regclass(${vectorIndexName(dims)})`);
    const found = rowsOf<{ valid: boolean; building: boolean }>(result)[0];
    if (!found) return 'missing';
    if (found.valid) return 'valid';
    return found.building ? 'building' : 'invalid';
  }

  private async valid(dims: number): Promise<boolean> {
    return (await this.state(dims)) === 'valid';
  }

  private async build(dims: number): Promise<boolean> {
    const reason = await this.unsupported(dims);
    if (reason) {
      this.sayOnce(reason, { dims });
      return false;
    }
    const name = vectorIndexName(dims);
    const type = vectorIndexType(dims)!;
    const concurrently = sql.raw(this.kind === 'postgres' ? 'CONCURRENTLY ' : '');
    try {
      const before = await this.state(dims);
      // Another instance is building it: searches stay exact until it is valid.
      if (before === 'building') return false;
      if (before === 'valid') {
        this.ready.add(dims);
        return true;
      }
      // An invalid index nobody is building is what an interrupted CONCURRENTLY build leaves.
      if (before === 'invalid')
        await this.db.execute(sql`DROP INDEX ${concurrently}IF EXISTS ${sql.identifier(name)}`);
      // eslint-disable-next-line no-restricted-syntax -- a measured duration for the log
      const started = Date.now();
      await this.db.execute(sql`
        CREATE INDEX ${concurrently}IF NOT EXISTS ${sql.identifier(name)} ON library_chunks
         USING hnsw ((embedding::${sql.raw(`${type}(${dims})`)}) ${sql.raw(`${type}_cosine_ops`)})
         WHERE vector_dims(embedding) = ${sql.raw(String(dims))}`);
      // IF NOT EXISTS returns at once when another instance started the same build.
      if (!(await this.valid(dims))) return false;
      // eslint-disable-next-line no-restricted-syntax -- a measured duration for the log
      this.log.info({ dims, index: name, ms: Date.now() - started }, 'built the HNSW index of a dimension');
      this.ready.add(dims);
      return true;
    } catch (err) {
      // Not retried in this process (the next start retries); searches stay exact meanwhile.
      this.failed.add(dims);
      this.log.warn({ err, dims }, 'building the HNSW index failed; vector search stays an exact scan');
      return false;
    }
  }
}
