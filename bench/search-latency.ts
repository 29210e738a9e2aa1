// Library search latency at 100,000 chunks (2,000 resources × 50 chunks, 64-dimension vectors),
// seeded with SQL directly: POST /search p50/p95 in keyword and hybrid mode (embedding from a
// loopback model server), next to the bare SQL of each ranking in the same run. On PGlite and on
// PostgreSQL (BENCH_DATABASE_URL, default the local test server). Goal: p95 < 50 ms.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { machine, percentile, startBenchServer, type BenchServer } from './ingest-lib.js';

const RESOURCES = Number(process.env.BENCH_RESOURCES ?? 2000);
const CHUNKS_PER = Number(process.env.BENCH_CHUNKS_PER ?? 50);
const DIMS = 64;
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const kinds = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;

// A vocabulary of pronounceable pseudo-words.
const syll = ['ka', 'lo', 'mi', 'nu', 're', 'sa', 'ti', 'vo', 'ze', 'da', 'fe', 'gi', 'ho', 'ju', 'ba', 'po'];
const vocab: string[] = [];
for (const a of syll) for (const b of syll) for (const c of syll.slice(0, 12)) vocab.push(a + b + c);

function vectorFor(text: string): number[] {
  const h = createHash('sha256').update(text).digest();
  const v = Array.from({ length: DIMS }, (_, i) => (h[i % 32]! / 255) * (i % 2 ? 1 : -1) + i / 1000);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
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
    INSERT INTO resources (resource_id, uid, resource_type, title, index_status, content, content_preview)
    SELECT 'r-bench-' || i, ${b.uid}, 'text', 'Resource ' || i, 'finish', '', ''
      FROM generate_series(1, ${RESOURCES}) AS i`);
  await db.execute(sql`
    INSERT INTO library_entries (entity_type, entity_id, uid, title, search_title, source_updated_at)
    SELECT 'resource', 'r-bench-' || i, ${b.uid}, 'Resource ' || i, 'resource ' || i, now()
      FROM generate_series(1, ${RESOURCES}) AS i`);
  await db.execute(sql`
    INSERT INTO library_chunks (entity_type, entity_id, uid, ord, content, search_text)
    SELECT 'resource', 'r-bench-' || (1 + (g % ${RESOURCES})), ${b.uid}, g / ${RESOURCES}, words, words
      FROM (
        SELECT g, (SELECT string_agg((string_to_array(${vocab.join(' ')}, ' '))[1 + floor(random() * ${vocab.length})::int], ' ')
                     FROM generate_series(1, 40) AS w WHERE g >= 0) AS words
          FROM generate_series(0, ${RESOURCES * CHUNKS_PER - 1}) AS g
      ) AS s`);
  // 1,000 random vectors shared round-robin: per-row random() vectors take minutes on PGlite.
  await db.execute(sql`
    CREATE TEMP TABLE bench_vectors AS
    SELECT p, (SELECT array_agg(random() - 0.5)::real[]::vector FROM generate_series(1, ${DIMS}) AS d WHERE p >= 0) AS v
      FROM generate_series(0, 999) AS p`);
  await db.execute(sql`
    UPDATE library_chunks c SET embedding = b.v FROM bench_vectors b WHERE b.p = c.id % 1000`);
  await db.execute(sql`DROP TABLE bench_vectors`);
  await db.execute(sql`
    INSERT INTO library_embedding_models (uid, item_id, provider_id, model_id, dimensions)
    VALUES (${b.uid}, ${item.itemId}, ${provider.providerId}, 'bench-embed', ${DIMS})`);
  await db.execute(sql`ANALYZE`);
  console.log(
    `  seeded ${RESOURCES * CHUNKS_PER} chunks in ${((performance.now() - t) / 1000).toFixed(1)} s`,
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
  return `  ${label.padEnd(34)} p50 ${percentile(ms, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(ms, 95).toFixed(1).padStart(7)} ms`;
}

for (const kind of kinds) {
  console.log(`${kind}:`);
  const b = await startBenchServer(kind);
  try {
    await seed(b);
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
      await time('POST /search hybrid', async (i) => {
        hits += (await b.call<unknown[]>('POST', '/search', { query: query(i), mode: 'hybrid' })).length;
      }),
    );
    lines.push(
      await time('bare SQL vector (top 40 chunks)', (i) =>
        db.execute(sql`
          SELECT entity_id FROM library_chunks
           WHERE uid = ${b.uid} AND entity_type = 'resource' AND embedding IS NOT NULL
           ORDER BY embedding <=> ${`[${vectorFor(query(i)).join(',')}]`}::vector LIMIT 40`),
      ),
    );
    console.log(lines.join('\n'));
    console.log(`  (${RUNS} runs each after 10 warm-up; ${hits} hits returned in total)`);
  } finally {
    await b.close();
  }
}
models.close();
console.log(`machine: ${await machine()}`);
