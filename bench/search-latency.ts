// Library search latency at 100,000 chunks (2,000 resources × 50 chunks, 64-dimension vectors,
// owned by 4 users: the searching user holds half, 3 others the rest, so the owner filter
// matters), seeded with SQL directly: POST /search p50/p95 in keyword, vector and hybrid mode
// (embedding from a loopback model server), next to the bare SQL of each ranking and a bare
// pgvector HNSW query (the peer) in the same run, and the recall@10 of the server's vector query
// (HNSW with iterative scan) against the exact scan, also for a sweep of hnsw.ef_search. On PGlite
// and on PostgreSQL (BENCH_DATABASE_URL, default the local test server: a fresh database is
// created on it and dropped). Goals: hybrid p95 < 50 ms, keyword p95 < 30 ms, recall@10 ≥ 0.95.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { nearestChunks } from '../apps/server/src/modules/search/search.service.js';
import { HNSW_EF_SEARCH } from '../apps/server/src/modules/search/search.vector-index.js';
import { machine, percentile, startBenchServer, type BenchServer } from './ingest-lib.js';

const RESOURCES = Number(process.env.BENCH_RESOURCES ?? 2000);
const CHUNKS_PER = Number(process.env.BENCH_CHUNKS_PER ?? 50);
const DIMS = 64;
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const OTHERS = ['bench-other-1', 'bench-other-2', 'bench-other-3'];
const EF_SWEEP = [...new Set([40, 100, 200, HNSW_EF_SEARCH])];
// A PGlite data directory kept between runs: the first run seeds it (and builds the index), later
// runs reuse it and skip the minutes of set-up. Unset: a fresh directory each run.
const KEEP_DIR = process.env.BENCH_SEARCH_DATA_DIR;
const kinds = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;

// A vocabulary of pronounceable pseudo-words.
const syll = ['ka', 'lo', 'mi', 'nu', 're', 'sa', 'ti', 'vo', 'ze', 'da', 'fe', 'gi', 'ho', 'ju', 'ba', 'po'];
const vocab: string[] = [];
for (const a of syll) for (const b of syll) for (const c of syll.slice(0, 12)) vocab.push(a + b + c);

/** A seeded pseudo-random generator (mulberry32): the same data in every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const draw = (next: () => number, scale: number) =>
  Array.from({ length: DIMS }, () => (next() - 0.5) * scale);
// Chunk vectors are one of 1,000 centres plus one of 100 smaller offsets (distinct, clustered);
// a query lands near one centre with an offset of its own, as a real query lands near its topic.
const seeded = random(13);
const CENTRES = Array.from({ length: 1000 }, () => draw(seeded, 1));
const OFFSETS = Array.from({ length: 100 }, () => draw(seeded, 0.4));
const pgVectors = (list: number[][]) => `{${list.map((v) => `"[${v.join(',')}]"`).join(',')}}`;

function vectorFor(text: string): number[] {
  const h = createHash('sha256').update(text).digest();
  const offset = draw(random(h.readUInt32BE(4)), 0.4);
  return CENTRES[h.readUInt16BE(0) % CENTRES.length]!.map((x, i) => x + offset[i]!);
}

const models = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { input?: string[] };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ data: (body.input ?? []).map((t, index) => ({ index, embedding: vectorFor(t) })) }),
    );
  });
});
await new Promise<void>((r) => models.listen(0, '127.0.0.1', r));
const modelsUrl = `http://127.0.0.1:${(models.address() as AddressInfo).port}/v1`;

async function seed(b: BenchServer): Promise<void> {
  const db = b.server.ctx.db;
  const provider = await b.call<{ providerId: string }>('POST', '/provider/create', {
    providerKey: 'openai-compatible',
    name: 'Bench models',
    categories: ['embedding'],
    baseUrl: modelsUrl,
  });
  const item = await b.call<{ itemId: string }>('POST', '/provider/item/create', {
    providerId: provider.providerId,
    name: 'bench-embed',
    category: 'embedding',
    config: { modelId: 'bench-embed', modelName: 'Bench embed', dimensions: DIMS },
  });
  const t = performance.now();
  await db.execute(sql`
    INSERT INTO users (uid, email) SELECT u, u || '@example.com' FROM unnest(${`{${OTHERS.join(',')}}`}::text[]) AS u`);
  // Even resources are the searching user's, odd ones are shared out among the others.
  const owner = sql`(CASE WHEN i % 2 = 0 THEN ${b.uid} ELSE (${`{${OTHERS.join(',')}}`}::text[])[1 + (i / 2) % ${OTHERS.length}] END)`;
  await db.execute(sql`
    INSERT INTO resources (resource_id, uid, resource_type, title, index_status, content, content_preview)
    SELECT 'r-bench-' || i, ${owner}, 'text', 'Resource ' || i, 'finish', '', ''
      FROM generate_series(1, ${RESOURCES}) AS i`);
  await db.execute(sql`
    INSERT INTO library_entries (entity_type, entity_id, uid, title, search_title, source_updated_at)
    SELECT 'resource', 'r-bench-' || i, ${owner}, 'Resource ' || i, 'resource ' || i, now()
      FROM generate_series(1, ${RESOURCES}) AS i`);
  await db.execute(sql`
    INSERT INTO library_chunks (entity_type, entity_id, uid, ord, content, search_text)
    SELECT 'resource', e.entity_id, e.uid, g / ${RESOURCES}, words, words
      FROM (
        SELECT g, (SELECT string_agg((string_to_array(${vocab.join(' ')}, ' '))[1 + floor(random() * ${vocab.length})::int], ' ')
                     FROM generate_series(1, 40) AS w WHERE g >= 0) AS words
          FROM generate_series(0, ${RESOURCES * CHUNKS_PER - 1}) AS g
      ) AS s
      JOIN library_entries e ON e.entity_type = 'resource' AND e.entity_id = 'r-bench-' || (1 + (g % ${RESOURCES}))`);
  await db.execute(sql`
    CREATE TEMP TABLE bench_centres AS
    SELECT p - 1 AS p, v::vector AS v FROM unnest(${pgVectors(CENTRES)}::text[]) WITH ORDINALITY AS t(v, p)`);
  await db.execute(sql`
    CREATE TEMP TABLE bench_offsets AS
    SELECT p - 1 AS p, v::vector AS v FROM unnest(${pgVectors(OFFSETS)}::text[]) WITH ORDINALITY AS t(v, p)`);
  await db.execute(sql`
    UPDATE library_chunks c SET embedding = a.v + o.v
      FROM bench_centres a, bench_offsets o WHERE a.p = c.id % 1000 AND o.p = (c.id / 1000) % 100`);
  await db.execute(sql`DROP TABLE bench_centres, bench_offsets`);
  await db.execute(sql`
    INSERT INTO library_embedding_models (uid, item_id, provider_id, model_id, dimensions)
    VALUES (${b.uid}, ${item.itemId}, ${provider.providerId}, 'bench-embed', ${DIMS})`);
  await db.execute(sql`ANALYZE`);
  console.log(
    `  seeded ${RESOURCES * CHUNKS_PER} chunks (${(RESOURCES * CHUNKS_PER) / 2} the searching user's) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  // What a server start does for the dimensions in use; timed here once.
  const built = performance.now();
  await b.server.ctx.vectorIndexes.start();
  await b.server.ctx.vectorIndexes.settled();
  console.log(
    `  HNSW index of ${DIMS} dimensions built in ${((performance.now() - built) / 1000).toFixed(1)} s`,
  );
}

const query = (i: number) => `${vocab[(i * 37) % vocab.length]} ${vocab[(i * 101 + 7) % vocab.length]}`;

async function time(label: string, fn: (i: number) => Promise<unknown>): Promise<string> {
  for (let i = 0; i < 10; i++) await fn(i + 10_000);
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn(i);
    ms.push(performance.now() - t);
  }
  return `  ${label.padEnd(40)} p50 ${percentile(ms, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(ms, 95).toFixed(1).padStart(7)} ms`;
}

for (const kind of kinds) {
  console.log(`${kind}:`);
  const b = await startBenchServer(kind, {}, KEEP_DIR ? { keepDataDir: KEEP_DIR } : {});
  try {
    const seeded = b.reused
      ? (
          (await b.server.ctx.db.execute(
            sql`SELECT 1 FROM library_embedding_models WHERE uid = ${b.uid}`,
          )) as unknown as { rows: unknown[] }
        ).rows.length > 0
      : false;
    if (seeded) {
      console.log(`  reusing the data seeded in ${KEEP_DIR}`);
      // The embedding model answers on this run's port.
      await b.server.ctx.db.execute(sql`UPDATE providers SET base_url = ${modelsUrl} WHERE uid = ${b.uid}`);
      await b.server.ctx.vectorIndexes.start();
      await b.server.ctx.vectorIndexes.settled();
    } else await seed(b);
    const db = b.server.ctx.db;
    const lines: string[] = [];
    let hits = 0;
    lines.push(
      await time('POST /search keyword', async (i) => {
        hits += (await b.call<unknown[]>('POST', '/search', { query: query(i) })).length;
      }),
    );
    lines.push(
      await time('bare SQL keyword (chunks, top 5)', (i) =>
        db.execute(sql`
          SELECT entity_id, ts_rank(tsv, plainto_tsquery('simple', ${query(i)})) AS s FROM library_chunks
           WHERE uid = ${b.uid} AND entity_type = 'resource' AND tsv @@ plainto_tsquery('simple', ${query(i)})
           ORDER BY s DESC LIMIT 5`),
      ),
    );
    lines.push(
      await time('POST /search vector', async (i) => {
        hits += (await b.call<unknown[]>('POST', '/search', { query: query(i), mode: 'vector' })).length;
      }),
    );
    lines.push(
      await time('POST /search hybrid', async (i) => {
        hits += (await b.call<unknown[]>('POST', '/search', { query: query(i), mode: 'hybrid' })).length;
      }),
    );
    const literal = (i: number) => `[${vectorFor(query(i)).join(',')}]`;
    const hnsw = (ef: number, k: number, i: number) =>
      db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL hnsw.ef_search = ${ef}`));
        await tx.execute(sql`SET LOCAL hnsw.iterative_scan = relaxed_order`);
        return tx.execute(sql`
          SELECT id FROM library_chunks
           WHERE uid = ${b.uid} AND vector_dims(embedding) = ${sql.raw(String(DIMS))}
           ORDER BY embedding::vector(${sql.raw(String(DIMS))}) <=> ${literal(i)}::vector(${sql.raw(String(DIMS))})
           LIMIT ${k}`);
      });
    const exact = (k: number, i: number) =>
      db.execute(sql`
        SELECT id FROM library_chunks
         WHERE uid = ${b.uid} AND embedding IS NOT NULL
         ORDER BY embedding <=> ${literal(i)}::vector LIMIT ${k}`);
    lines.push(
      await time('server vector query (top 160 chunks)', (i) =>
        nearestChunks(b.server.ctx, b.uid, 'resource', literal(i), 160),
      ),
    );
    lines.push(
      await time(`peer: bare HNSW (ef ${HNSW_EF_SEARCH}, top 160)`, (i) => hnsw(HNSW_EF_SEARCH, 160, i)),
    );
    lines.push(await time('bare SQL exact vector scan (top 160)', (i) => exact(160, i)));
    console.log(lines.join('\n'));
    const ids = (r: unknown) => (r as { rows: Array<{ id: unknown }> }).rows.map((x) => Number(x.id));
    const truth: number[][] = [];
    for (let i = 0; i < RUNS; i++) truth.push(ids(await exact(10, i)));
    const recall = (found: number[][]) =>
      found.reduce((sum, f, i) => sum + f.filter((id) => truth[i]!.includes(id)).length, 0) / (10 * RUNS);
    const server: number[][] = [];
    for (let i = 0; i < RUNS; i++)
      server.push((await nearestChunks(b.server.ctx, b.uid, 'resource', literal(i), 10)).map((c) => c.id));
    console.log(`  recall@10 of the server's vector query vs the exact scan: ${recall(server).toFixed(3)}`);
    for (const ef of EF_SWEEP) {
      const found: number[][] = [];
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        found.push(ids(await hnsw(ef, 10, i)));
        ms.push(performance.now() - t);
      }
      console.log(
        `  bare HNSW ef_search ${String(ef).padStart(3)}: recall@10 ${recall(found).toFixed(3)}, p95 ${percentile(ms, 95).toFixed(1)} ms`,
      );
    }
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL hnsw.iterative_scan = relaxed_order`);
      return tx.execute(sql`EXPLAIN SELECT id FROM library_chunks
         WHERE uid = ${b.uid} AND vector_dims(embedding) = ${sql.raw(String(DIMS))}
         ORDER BY embedding::vector(${sql.raw(String(DIMS))}) <=> ${literal(0)}::vector(${sql.raw(String(DIMS))}) LIMIT 10`);
    });
    const planText = (plan as unknown as { rows: Array<Record<string, string>> }).rows
      .map((r) => Object.values(r)[0])
      .join(' | ');
    console.log(`  plan: ${planText.replace(/'\[[^']*'/g, "'[…]'").slice(0, 300)}`);
    console.log(`  (${RUNS} runs each after 10 warm-up; ${hits} hits returned in total)`);
  } finally {
    await b.close();
  }
}
models.close();
console.log(`machine: ${await machine()}`);
