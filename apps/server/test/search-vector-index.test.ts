/**
 * The HNSW indexes of library vectors (search.vector-index.ts), on PGlite and PostgreSQL: one per
 * embedding dimension, built when a dimension's first vectors are stored; vector search through
 * the index finds what the exact scan finds; the owner filter is applied inside the index scan
 * (a user with few vectors among many of another user's still gets all of theirs, and never the
 * other's); the planner uses the index for the server's query.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { LibrarySearchResult } from '@atelier/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../src/db/connect.js';
import { nearestChunks, nearestChunksQuery } from '../src/modules/search/search.service.js';
import { vectorIndexName } from '../src/modules/search/search.vector-index.js';
import type { BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import {
  semanticEmbedding,
  startFakeLibraryModels,
  type FakeLibraryModels,
} from './helpers/fake-library-models.js';
import { expectData } from './helpers/items.js';
import { userWithModels } from './helpers/library-users.js';
import { createResource, settled } from './helpers/resources.js';
import type { TestServer } from './helpers/server.js';

let fake: FakeLibraryModels;
beforeAll(async () => {
  fake = await startFakeLibraryModels();
});
afterAll(async () => {
  await fake?.close();
});

const it = serverTest();

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const literal = (v: number[]) => `[${v.join(',')}]`;
const search = (user: BuiltUser, body: unknown) => user.post<LibrarySearchResult[]>('/v1/search', body);

async function indexValid(server: TestServer, dims: number): Promise<boolean> {
  const result = await server.server.ctx.db.execute(sql`
    SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass(${vectorIndexName(dims)})`);
  return rowsOf<{ valid: boolean }>(result)[0]?.valid === true;
}

async function addText(server: TestServer, user: BuiltUser, title: string, content: string): Promise<string> {
  const { resourceId } = await createResource(user.client, { title, resourceType: 'text', content });
  expect((await settled(server, user.client, resourceId)).indexStatus).toBe('finish');
  return resourceId;
}

/**
 * `count` chunks of `uid` in one resource entry, written with SQL: distinct vectors close to
 * `vector` (exact duplicates by the hundred are not what a library holds, and HNSW graphs handle
 * them badly).
 */
async function seedChunks(db: Db, uid: string, entityId: string, count: number, vector: number[]) {
  await db.execute(sql`
    INSERT INTO library_entries (entity_type, entity_id, uid, title, search_title, source_updated_at)
    VALUES ('resource', ${entityId}, ${uid}, ${entityId}, ${entityId}, now())`);
  await db.execute(sql`
    INSERT INTO library_chunks (entity_type, entity_id, uid, ord, content, search_text, embedding)
    SELECT 'resource', ${entityId}, ${uid}, g, 'chunk ' || g, 'chunk ' || g,
           (SELECT array_agg(x + sin(g * i) * 0.05 ORDER BY i)
              FROM unnest(${`{${vector.join(',')}}`}::real[]) WITH ORDINALITY AS u(x, i))::real[]::vector
      FROM generate_series(1, ${count}) AS g`);
}

/** Runs `fn` in a transaction where the planner may not scan sequentially nor sort. */
function withoutSeqScan<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    await tx.execute(sql`SET LOCAL enable_sort = off`);
    return fn(tx as unknown as Db);
  });
}

/** The plan of `query` as text. */
async function explain(db: Db, query: SQL): Promise<string> {
  return rowsOf<Record<string, string>>(await db.execute(sql`EXPLAIN ${query}`))
    .map((r) => Object.values(r)[0])
    .join('\n');
}

describe('HNSW indexes of library vectors', () => {
  it('builds the index of a dimension when its first vectors are stored; a second dimension gets its own', async ({
    server,
  }) => {
    expect(await indexValid(server, 12)).toBe(false);
    fake.dimensions = 12;
    const alice = await userWithModels(server, fake.url, { dimensions: 12 });
    await addText(server, alice, 'Household notes', 'Our kittens purr on the sofa.');
    expect(await indexValid(server, 12)).toBe(true);
    expect(await indexValid(server, 20)).toBe(false);

    fake.dimensions = 20;
    const bob = await userWithModels(server, fake.url, { dimensions: 20 });
    await addText(server, bob, 'Garage log', 'The diesel engine of the truck needs a new motor.');
    expect(await indexValid(server, 20)).toBe(true);
    expect(await indexValid(server, 12)).toBe(true);
    // each search uses its own dimension's index and finds its own owner's item
    fake.dimensions = 12;
    expect(expectData(await search(alice, { query: 'feline', mode: 'vector' }))[0]?.title).toBe(
      'Household notes',
    );
    fake.dimensions = 20;
    expect(expectData(await search(bob, { query: 'vehicles', mode: 'vector' }))[0]?.title).toBe('Garage log');
  });

  it('finds through the index what the exact scan finds, in the same order', async ({ server }) => {
    fake.dimensions = 12;
    const carol = await userWithModels(server, fake.url, { dimensions: 12 });
    await addText(server, carol, 'Cats', 'Kittens purr and felines chase whiskers.');
    await addText(server, carol, 'Trucks', 'Diesel engines in trucks and cars.');
    await addText(server, carol, 'Bread', 'Knead the dough and bake the loaf in the oven.');
    await addText(server, carol, 'Weather', 'Rain, storms and thunder in the forecast.');
    const { ctx } = server.server;
    expect(await ctx.vectorIndexes.usable(12)).toBe(true);
    for (const text of ['feline pet', 'vehicles', 'baking recipe', 'thunder storm']) {
      const q = literal(semanticEmbedding(text, 12));
      const viaIndex = await nearestChunks(ctx, carol.uid, 'resource', q, 10);
      const exact = rowsOf<{ id: number }>(
        await ctx.db.execute(sql`
          SELECT id::float8 AS id FROM library_chunks
           WHERE uid = ${carol.uid} AND entity_type = 'resource' AND embedding IS NOT NULL
           ORDER BY embedding <=> ${q}::vector, id LIMIT 10`),
      ).map((r) => Number(r.id));
      expect(viaIndex.map((c) => c.id)).toEqual(exact);
      expect(viaIndex.length).toBe(4);
    }
  });

  it('applies the owner filter inside the index scan: few own vectors among many of another user', async ({
    server,
  }) => {
    fake.dimensions = 12;
    const dave = await userWithModels(server, fake.url, { dimensions: 12 });
    const erin = await userWithModels(server, fake.url, { dimensions: 12 });
    await addText(server, dave, 'Garage log', 'The diesel engine of the truck needs a new motor.');
    await addText(server, dave, 'Kitchen log', 'Knead the dough, bake the loaf.');
    // 600 of erin's chunks around the query, far more than one index scan's candidates
    const { ctx } = server.server;
    const cat = semanticEmbedding('feline pet', 12);
    await seedChunks(ctx.db, erin.uid, 'r-erin-cats', 600, cat);
    await ctx.db.execute(sql`ANALYZE library_chunks`);
    const ids = await withoutSeqScan(ctx.db, async (tx) => {
      expect(await explain(tx, nearestChunksQuery(dave.uid, 'resource', literal(cat), 10))).toContain(
        vectorIndexName(12),
      );
      return nearestChunks(
        { db: tx, vectorIndexes: ctx.vectorIndexes },
        dave.uid,
        'resource',
        literal(cat),
        10,
      );
    });
    // both of dave's chunks, none of erin's
    expect(ids).toHaveLength(2);
    const owners = rowsOf<{ uid: string }>(
      await ctx.db.execute(sql`
        SELECT DISTINCT uid FROM library_chunks WHERE id IN (${sql.join(
          ids.map((c) => sql`${c.id}`),
          sql`, `,
        )})`),
    );
    expect(owners).toEqual([{ uid: dave.uid }]);
    // dave never sees erin's items (over HTTP too), erin only hers, an anonymous caller nothing
    const daves = expectData(await search(dave, { query: 'feline pet', mode: 'hybrid' }));
    expect(daves.map((h) => h.title).sort()).toEqual(['Garage log', 'Kitchen log']);
    const erins = await nearestChunks(ctx, erin.uid, 'resource', literal(cat), 40);
    expect(erins).toHaveLength(40);
    expect(new Set(erins.map((c) => c.entity_id))).toEqual(new Set(['r-erin-cats']));
    const anonymous = await server.client().post('/v1/search', { query: 'feline pet', mode: 'vector' });
    expect(anonymous.status).toBe(401);
  });

  it('the planner uses the index for the server query on a table with enough rows', async ({ server }) => {
    const { ctx } = server.server;
    const frank = await userWithModels(server, fake.url, { dimensions: 12 });
    await seedChunks(ctx.db, frank.uid, 'r-frank', 300, semanticEmbedding('rain storm', 12));
    await ctx.db.execute(sql`ANALYZE library_chunks`);
    const q = literal(semanticEmbedding('thunder', 12));
    const plan = await withoutSeqScan(ctx.db, (tx) =>
      explain(tx, nearestChunksQuery(frank.uid, 'resource', q, 40)),
    );
    expect(plan).toMatch(new RegExp(`Index Scan using ${vectorIndexName(12)}`));
    // and an exact-scan query (no cast, no predicate) cannot use it
    const exactPlan = await withoutSeqScan(ctx.db, (tx) =>
      explain(
        tx,
        sql`SELECT id FROM library_chunks WHERE uid = ${frank.uid} ORDER BY embedding <=> ${q}::vector LIMIT 40`,
      ),
    );
    expect(exactPlan).not.toContain(vectorIndexName(12));
  });
});
