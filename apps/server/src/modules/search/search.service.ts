/**
 * Library search over the caller's resources, documents and canvases: Postgres full-text search
 * ('simple' configuration over CJK-segmented text) on titles and chunks, best chunk as snippet,
 * `limit` hits per domain. Vector mode ranks chunks by cosine distance to the query's embedding
 * (pgvector); hybrid fuses the keyword and vector rankings by reciprocal rank fusion; both need an
 * embedding model (E0015) and, when a reranker is configured, reorder the candidates through it
 * (topN, relevanceThreshold). `librarySources` gives skills the same hits as sources.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { LIMITS, type LibrarySearchRequest, type SearchDomain, type Source } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { canvases, documents, resources } from '../../db/schema/index.js';
import { escapeLike } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import { embedQuery, libraryEmbedder } from '../../ingest/ingest.embed.js';
import { rerank, rerankOptions } from '../../ingest/ingest.models.js';
import { segmentForQuery } from '../../ingest/ingest.segment.js';
import { accessFor, userActor } from '../access/access.js';
import { resolveLibraryModels, resolveModel } from '../provider/provider.resolve.js';
import { syncLibraryIndex } from './search.sync.js';
import { HNSW_EF_SEARCH, dimsPredicate, distanceTo, literalDims } from './search.vector-index.js';

export interface LibraryHit {
  domain: SearchDomain;
  id: string;
  title: string;
  snippet: string;
  contentPreview: string;
  score: number;
  url?: string | undefined;
  createdAt: Date;
  updatedAt: Date;
}

export type IndexedDomain = Exclude<SearchDomain, 'thread'>;
const ALL_DOMAINS: IndexedDomain[] = ['resource', 'document', 'canvas'];

interface Ranked {
  entity_id: string;
  score: number;
  snippet: string | null;
}

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function projectFilter(
  domain: IndexedDomain,
  projectId: string | undefined,
  entityId: SQL = sql`e.entity_id`,
): SQL {
  if (!projectId) return sql`true`;
  const table = { resource: sql`resources`, document: sql`documents`, canvas: sql`canvases` }[domain];
  const id = { resource: sql`resource_id`, document: sql`doc_id`, canvas: sql`canvas_id` }[domain];
  return sql`${entityId} IN (SELECT ${id} FROM ${table} WHERE project_id = ${projectId})`;
}

async function keywordRank(
  ctx: AppContext,
  uid: string,
  domain: IndexedDomain,
  query: string,
  limit: number,
  projectId?: string,
): Promise<Ranked[]> {
  const q = sql`plainto_tsquery('simple', ${query})`;
  // The snippet is the entity's best matching chunk (rank, then order), picked from the chunk
  // hits themselves rather than by scanning the entity's chunks again.
  const result = await ctx.db.execute(sql`
    WITH hits AS (
      SELECT e.entity_id, ts_rank(e.title_tsv, ${q}) * 2 AS s, 't' AS k, NULL::bigint AS chunk, NULL::int AS ord
        FROM library_entries e
       WHERE e.uid = ${uid} AND e.entity_type = ${domain} AND e.title_tsv @@ ${q} AND ${projectFilter(domain, projectId)}
      UNION ALL
      SELECT e.entity_id, ts_rank(c.tsv, ${q}) AS s, 'c' AS k, c.id AS chunk, c.ord
        FROM library_chunks c JOIN library_entries e ON e.entity_type = c.entity_type AND e.entity_id = c.entity_id
       WHERE c.uid = ${uid} AND c.entity_type = ${domain} AND c.tsv @@ ${q} AND ${projectFilter(domain, projectId)}
    ), top AS (
      SELECT entity_id,
             coalesce(max(s) FILTER (WHERE k = 't'), 0) + coalesce(max(s) FILTER (WHERE k = 'c'), 0) AS score,
             (array_agg(chunk ORDER BY s DESC, ord) FILTER (WHERE k = 'c'))[1] AS best
        FROM hits GROUP BY entity_id ORDER BY score DESC, entity_id LIMIT ${limit}
    )
    SELECT top.entity_id, top.score::float8 AS score,
           (SELECT c.content FROM library_chunks c WHERE c.id = top.best) AS snippet
      FROM top ORDER BY top.score DESC, top.entity_id`);
  return rows<Ranked>(result).map((r) => ({ ...r, score: Number(r.score) }));
}

interface Described {
  id: string;
  title: string;
  contentPreview: string;
  url?: string | undefined;
  createdAt: Date;
  updatedAt: Date;
}

async function describe(
  ctx: AppContext,
  uid: string,
  domain: IndexedDomain,
  ids: string[],
): Promise<Map<string, Described>> {
  if (!ids.length) return new Map();
  const { db } = ctx;
  let found: Described[];
  if (domain === 'resource') {
    const list = await db
      .select()
      .from(resources)
      .where(and(eq(resources.uid, uid), inArray(resources.resourceId, ids)));
    found = list.map((r) => ({
      id: r.resourceId,
      title: r.title,
      contentPreview: r.contentPreview,
      url: r.meta?.url,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  } else if (domain === 'document') {
    const list = await db
      .select({
        id: documents.docId,
        title: documents.title,
        contentPreview: documents.contentPreview,
        createdAt: documents.createdAt,
        updatedAt: documents.updatedAt,
      })
      .from(documents)
      .where(and(eq(documents.uid, uid), inArray(documents.docId, ids)));
    found = list;
  } else {
    const list = await db
      .select({
        id: canvases.canvasId,
        title: canvases.title,
        createdAt: canvases.createdAt,
        updatedAt: canvases.updatedAt,
      })
      .from(canvases)
      .where(and(eq(canvases.uid, uid), inArray(canvases.canvasId, ids)));
    found = list.map((c) => ({ ...c, contentPreview: '' }));
  }
  return new Map(found.map((d) => [d.id, d]));
}

/** Reciprocal rank fusion constant (the usual 60). */
export const RRF_K = 60;
/** Candidates taken from each ranking (and given to the reranker) per hit asked for. */
const CANDIDATES_PER_HIT = 4;

/**
 * The query of the `k` chunks of `uid`'s `domain` nearest to `queryVector` (ids and cosine
 * distances, nearest first), written for the HNSW index of the vector's dimension
 * (search.vector-index.ts): the cast matches the index expression and the WHERE holds its
 * predicate. Without the index the same query is an exact scan.
 */
export function nearestChunksQuery(
  uid: string,
  domain: IndexedDomain,
  queryVector: string,
  k: number,
  projectId?: string,
): SQL {
  const dims = literalDims(queryVector);
  const distance = distanceTo(queryVector, dims);
  // MATERIALIZED: the scan's relaxed order is put right by the outer sort, never pushed into it.
  return sql`
    WITH near AS MATERIALIZED (
      SELECT c.id, c.entity_id, c.content, ${distance} AS d
        FROM library_chunks c
       WHERE c.uid = ${uid} AND c.entity_type = ${domain} AND ${dimsPredicate(dims)}
         AND ${projectFilter(domain, projectId, sql`c.entity_id`)}
       ORDER BY ${distance}
       LIMIT ${k}
    )
    SELECT id::float8 AS id, entity_id, content, d::float8 AS d FROM near ORDER BY d, id`;
}

type NearChunk = { id: number; entity_id: string; content: string; d: number };

/**
 * Runs nearestChunksQuery for each of `domains` (the nearest `k` chunks of each); with the index
 * usable, in one transaction that sets pgvector's iterative scan (`relaxed_order`), so the owner,
 * domain and project filters apply inside the index scan and the scan goes on until `k` rows pass
 * them.
 */
export async function nearestChunksByDomain(
  ctx: Pick<AppContext, 'db' | 'vectorIndexes'>,
  uid: string,
  domains: readonly IndexedDomain[],
  queryVector: string,
  k: number,
  projectId?: string,
): Promise<Map<IndexedDomain, NearChunk[]>> {
  const found = new Map<IndexedDomain, NearChunk[]>();
  if (!domains.length) return found;
  const runAll = async (db: Pick<Db, 'execute'>) => {
    for (const domain of domains) {
      const result = await db.execute(nearestChunksQuery(uid, domain, queryVector, k, projectId));
      found.set(
        domain,
        rows<NearChunk>(result).map((r) => ({ ...r, id: Number(r.id), d: Number(r.d) })),
      );
    }
    return found;
  };
  if (!(await ctx.vectorIndexes.usable(literalDims(queryVector)))) return runAll(ctx.db);
  return ctx.db.transaction(async (tx) => {
    // set_config(…, true) is SET LOCAL; both settings in one statement.
    const ef = String(Math.max(HNSW_EF_SEARCH, Math.min(k, 1000)));
    await tx.execute(
      sql`SELECT set_config('hnsw.ef_search', ${ef}, true), set_config('hnsw.iterative_scan', 'relaxed_order', true)`,
    );
    return runAll(tx);
  });
}

/** nearestChunksByDomain for one domain. */
export async function nearestChunks(
  ctx: Pick<AppContext, 'db' | 'vectorIndexes'>,
  uid: string,
  domain: IndexedDomain,
  queryVector: string,
  k: number,
  projectId?: string,
): Promise<NearChunk[]> {
  return (await nearestChunksByDomain(ctx, uid, [domain], queryVector, k, projectId)).get(domain) ?? [];
}

/** Ranks items by their best chunk's cosine similarity to the query vector (`chunks` nearest first). */
function vectorRank(chunks: readonly NearChunk[], limit: number): Ranked[] {
  const best = new Map<string, Ranked>();
  for (const c of chunks) {
    if (!best.has(c.entity_id))
      best.set(c.entity_id, { entity_id: c.entity_id, score: 1 - c.d, snippet: c.content });
  }
  return [...best.values()]
    .sort((a, b) => b.score - a.score || a.entity_id.localeCompare(b.entity_id))
    .slice(0, limit);
}

/**
 * The domains of `domains` where `uid` has library entries (one read on the (uid, entity_type)
 * index): the others can have no hit, keyword or vector, since every chunk belongs to an entry of
 * its owner.
 */
async function domainsWithEntries(
  ctx: AppContext,
  uid: string,
  domains: readonly IndexedDomain[],
): Promise<IndexedDomain[]> {
  if (!domains.length) return [];
  const result = await ctx.db.execute(sql`
    SELECT ${sql.join(
      domains.map(
        (d, i) =>
          sql`EXISTS (SELECT 1 FROM library_entries WHERE uid = ${uid} AND entity_type = ${d}) AS ${sql.identifier(`d${i}`)}`,
      ),
      sql`, `,
    )}`);
  const flags = rows<Record<string, boolean>>(result)[0] ?? {};
  return domains.filter((_, i) => flags[`d${i}`] === true);
}

/** Reciprocal rank fusion of rankings: score = sum of 1 / (RRF_K + rank). */
export function fuseRankings(lists: Ranked[][], limit: number): Ranked[] {
  const fused = new Map<string, Ranked>();
  for (const list of lists) {
    list.forEach((r, i) => {
      const add = 1 / (RRF_K + i + 1);
      const seen = fused.get(r.entity_id);
      if (seen) seen.score += add;
      else fused.set(r.entity_id, { entity_id: r.entity_id, score: add, snippet: r.snippet });
    });
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.entity_id.localeCompare(b.entity_id))
    .slice(0, limit);
}

export type LibrarySearchInput = Pick<LibrarySearchRequest, 'query'> &
  Partial<Omit<LibrarySearchRequest, 'query'>>;

/**
 * Library search for `uid` (POST /search and the librarySearch skill). Keyword mode never needs a
 * model; vector and hybrid need an embedding model (E0015; E0013 when it is not the library's).
 */
export async function searchLibrary(
  ctx: AppContext,
  uid: string,
  input: LibrarySearchInput,
): Promise<LibraryHit[]> {
  const req = { mode: 'keyword' as const, limit: LIMITS.searchDefaultLimitPerDomain, ...input };
  // Someone else's project as a filter answers like a missing one, not an empty result.
  if (req.projectId) await accessFor(ctx.db).require(userActor(uid), 'read', 'project', [req.projectId]);
  const semantic = req.mode !== 'keyword';
  const models = semantic ? await resolveLibraryModels(ctx, uid) : null;
  const embedder = models ? await libraryEmbedder(ctx.db, uid, models.embedding) : null;
  if (semantic && !embedder)
    throw new AppError('E0015', 'Vector search needs an embedding model; configure one in settings');
  const reranker = models?.reranker ?? null;
  const keywordQuery = segmentForQuery(req.query);
  if (!keywordQuery && !semantic) return [];
  // Awaited before any query: started earlier, its request sat on a kept-alive socket while
  // PGlite held the event loop, and the model server's idle timeout reset it (ECONNRESET).
  const queryVector = embedder ? await embedQuery(embedder, req.query) : null;
  const asked = req.domains ? [...new Set(req.domains)] : ALL_DOMAINS;
  const indexed = asked.filter((d): d is IndexedDomain => d !== 'thread');
  await syncLibraryIndex(ctx.db, uid, indexed, embedder);
  const domains = await domainsWithEntries(ctx, uid, indexed);
  const candidates = semantic ? req.limit * CANDIDATES_PER_HIT : req.limit;
  const keyword = new Map<IndexedDomain, Ranked[]>();
  if (req.mode !== 'vector' && keywordQuery)
    for (const domain of domains)
      keyword.set(domain, await keywordRank(ctx, uid, domain, keywordQuery, candidates, req.projectId));
  const nearest = queryVector
    ? await nearestChunksByDomain(ctx, uid, domains, queryVector, candidates * 8, req.projectId)
    : null;
  const hits: LibraryHit[] = [];
  for (const domain of domains) {
    const lists: Ranked[][] = [];
    const byKeyword = keyword.get(domain);
    if (byKeyword) lists.push(byKeyword);
    if (nearest) lists.push(vectorRank(nearest.get(domain) ?? [], candidates));
    let ranked = req.mode === 'hybrid' ? fuseRankings(lists, candidates) : (lists[0] ?? []);
    const described = await describe(
      ctx,
      uid,
      domain,
      ranked.map((r) => r.entity_id),
    );
    ranked = ranked.filter((r) => described.has(r.entity_id));
    if (reranker && ranked.length) {
      try {
        const opts = rerankOptions(reranker, req.limit);
        const order = await rerank(
          reranker,
          req.query,
          ranked.map((r) => {
            const d = described.get(r.entity_id)!;
            return `${d.title}\n${r.snippet ?? d.contentPreview}`.slice(0, 4000);
          }),
          { ...opts, topN: Math.min(opts.topN, req.limit) },
        );
        ranked = order.map((o) => ({ ...ranked[o.index]!, score: o.score }));
      } catch (err) {
        // The reranker is an improvement, not a dependency: keep the fused order.
        ctx.log.warn({ err, uid }, 'reranking failed; using the unreranked order');
      }
    }
    for (const r of ranked.slice(0, req.limit)) {
      const d = described.get(r.entity_id)!;
      hits.push({ domain, ...d, score: r.score, snippet: r.snippet ?? d.contentPreview });
    }
  }
  // threads belong to no project; a project-scoped search leaves them out
  if (asked.includes('thread') && !req.projectId)
    hits.push(...(await searchThreads(ctx, uid, req.query, req.limit)));
  return hits.sort((a, b) => b.score - a.score);
}

const likePattern = (word: string) => `%${escapeLike(word)}%`;

/**
 * The caller's threads (skill runs, latest version of each) whose title, question or answer holds
 * every word of the query; newest first. Scored below indexed hits of the same strength.
 */
export async function searchThreads(
  ctx: AppContext,
  uid: string,
  query: string,
  limit: number,
): Promise<LibraryHit[]> {
  const words = [...new Set(query.trim().split(/\s+/).filter(Boolean))].slice(0, 8);
  if (!words.length) return [];
  const text = sql`(t.title || ' ' || t.question || ' ' || t.answer)`;
  const matches = sql.join(
    words.map((w) => sql`${text} ILIKE ${likePattern(w)}`),
    sql` AND `,
  );
  const result = await ctx.db.execute(sql`
    WITH latest AS (
      SELECT DISTINCT ON (r.result_id) r.result_id, r.version, r.title,
             coalesce(r.input->>'query', '') AS question, r.created_at, r.updated_at
        FROM action_results r
       WHERE r.uid = ${uid} AND r.type = 'skill'
       ORDER BY r.result_id, r.version DESC
    ), t AS (
      SELECT l.*, coalesce((SELECT string_agg(s.content, E'\n\n' ORDER BY s.step_index)
                              FROM action_steps s
                             WHERE s.result_id = l.result_id AND s.version = l.version), '') AS answer
        FROM latest l
    )
    SELECT t.result_id, t.title, t.question, t.answer, t.created_at, t.updated_at
      FROM t WHERE ${matches}
     ORDER BY t.updated_at DESC, t.result_id LIMIT ${limit}`);
  const found = rows<{
    result_id: string;
    title: string;
    question: string;
    answer: string;
    created_at: Date | string;
    updated_at: Date | string;
  }>(result);
  return found.map((r, i) => {
    const answer = r.answer.replace(/[ \t]*\[\[citation:\d{1,3}\]\]/g, '');
    const lower = answer.toLowerCase();
    const at = Math.max(
      0,
      Math.min(...words.map((w) => lower.indexOf(w.toLowerCase())).filter((n) => n >= 0), 0),
    );
    return {
      domain: 'thread' as const,
      id: r.result_id,
      title: r.title || r.question,
      snippet: (answer.slice(Math.max(0, at - 80), at + 400) || r.question).trim(),
      contentPreview: answer.slice(0, 400),
      score: 0.05 / (i + 1),
      createdAt: new Date(r.created_at),
      updatedAt: new Date(r.updated_at),
    };
  });
}

/** The mode a caller without a preference should use: hybrid when an embedding model is configured. */
export async function preferredLibraryMode(ctx: AppContext, uid: string): Promise<'keyword' | 'hybrid'> {
  return (await resolveModel(ctx, uid, 'embedding')) ? 'hybrid' : 'keyword';
}

/**
 * Library hits as sources for skills (librarySearch, context building): url, title, pageContent
 * (the best chunk), score and metadata `{ sourceType: 'library', entityType, entityId }`.
 */
export async function librarySources(
  ctx: AppContext,
  uid: string,
  req: LibrarySearchInput,
): Promise<Source[]> {
  const hits = await searchLibrary(ctx, uid, req);
  return hits.map((h) => ({
    ...(h.url ? { url: h.url } : {}),
    title: h.title,
    pageContent: h.snippet,
    score: h.score,
    metadata: {
      sourceType: 'library',
      entityType: h.domain === 'thread' ? 'skillResponse' : h.domain,
      entityId: h.id,
    },
  }));
}
