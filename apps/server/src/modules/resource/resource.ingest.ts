/**
 * The ingestion job of a resource: wait_parse → (parse: pasted text as is, a web link through the
 * SSRF-safe fetch, a file from storage through the parsers) → wait_index → (chunk + full-text
 * index) → finish, then the "resource ready" event. Failures end parse_failed / index_failed with
 * an indexError. The job carries the index version it was enqueued for and does nothing when the
 * resource has moved on (deleted, or reindexed again), and every state change is conditional on
 * the state it expects, so running it twice is harmless. On start, waiting resources are enqueued
 * again (the in-process queue forgets on exit).
 */
import type { Readable } from 'node:stream';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { IndexError, IndexStatus } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { files, resources } from '../../db/schema/index.js';
import { FetchFailedError, FetchRefusedError, fetchPage } from '../../ingest/ingest.fetch.js';
import { ParseError, detectFormat } from '../../ingest/ingest.formats.js';
import { embedEntry, libraryEmbedder } from '../../ingest/ingest.embed.js';
import { indexEntry } from '../../ingest/ingest.indexer.js';
import {
  describeImage,
  parsePdfExternally,
  parseUrlExternally,
  PDF_PARSERS,
  URL_PARSERS,
} from '../../ingest/ingest.models.js';
import { parseContent, type Parsed } from '../../ingest/ingest.parse.js';
import type { IngestPayload } from '../../jobs/definitions/resource-ingest.js';
import type { JobHandler } from '../../jobs/jobs.spec.js';
import { now } from '../../lib/time.js';
import { AppError } from '../../lib/errors.js';
import { privateNetworkAllowed } from '../../lib/providers/providers.http.js';
import { ProviderItemService } from '../provider/provider.items.js';
import { resolveModel, resolveToolProvider } from '../provider/provider.resolve.js';
import { consumeParsePages } from './resource.quota.js';
import { WAITING_STATES, type ResourceRow, type ResourceService } from './resource.service.js';

/** Longest parsed text kept for one resource (about 2 MB); the rest is cut off. */
export const MAX_PARSED_CHARS = 1_000_000;
export const PREVIEW_CHARS = 500;

export function previewOf(content: string): string {
  return content.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_CHARS);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

function failure(err: unknown): IndexError {
  if (err instanceof ParseError)
    return { type: err.type, metadata: { message: err.message, ...err.metadata } };
  const message = err instanceof Error ? err.message : String(err);
  const code = err instanceof AppError ? { errCode: err.code } : {};
  return { type: 'unknownError', metadata: { message: message.slice(0, 500), ...code } };
}

/** Errors a retry cannot fix: end the resource failed at once. */
const isPermanent = (err: unknown) =>
  err instanceof ParseError ||
  err instanceof FetchRefusedError ||
  (err instanceof AppError && err.code === 'E0013');

/** A vision-capable chat model of the user (an enabled llm item with capabilities.vision), if any. */
async function visionModel(ctx: AppContext, uid: string) {
  const items = await new ProviderItemService(ctx.db, ctx.providers).list(uid, {
    category: 'llm',
    enabled: true,
  });
  const found = items.find(
    ({ item, provider }) =>
      provider.enabled &&
      (item.config as { capabilities?: { vision?: boolean } }).capabilities?.vision === true,
  );
  return found ? resolveModel(ctx, uid, found.item.itemId) : null;
}

/** Image: dimensions, plus a description by a vision model when one is configured. */
async function describeIfPossible(
  ctx: AppContext,
  uid: string,
  body: Buffer,
  contentType: string,
  parsed: Parsed,
): Promise<Parsed> {
  const model = await visionModel(ctx, uid).catch(() => null);
  if (!model) return parsed;
  // A failing vision model leaves the image searchable by title (a retry of the job asks again).
  const description = await describeImage(model, body, contentType);
  return { ...parsed, content: description, description };
}

/** The PDF through the user's PDF-parsing provider when their preferences pick one, counting pages. */
async function parsePdfWithProvider(
  ctx: AppContext,
  row: ResourceRow,
  body: Buffer,
  filename: string | null,
): Promise<Parsed | null> {
  const user = await ctx.db.query.users.findFirst({ where: (u, { eq: e }) => e(u.uid, row.uid) });
  if (!user?.preferences.pdfParsing?.providerId) return null;
  const tool = await resolveToolProvider(ctx, row.uid, 'pdfParsing');
  if (!tool || !(PDF_PARSERS as readonly string[]).includes(tool.provider.providerKey)) return null;
  // The daily page limit needs the page count before the provider is paid for.
  const local = await parseContent({ body, format: 'pdf', filename, maxPages: ctx.config.PARSE_MAX_PAGES });
  await consumeParsePages(ctx, row.uid, local.pages ?? 0);
  const parsed = await parsePdfExternally(
    tool,
    body,
    filename ?? 'file.pdf',
    privateNetworkAllowed(ctx.config, tool.provider.baseUrl),
  );
  return { content: parsed.content, pages: parsed.pages ?? local.pages ?? 0 };
}

/** A web link through the user's URL-parsing provider when their preferences pick one. */
async function parseUrlWithProvider(ctx: AppContext, row: ResourceRow, url: string): Promise<Parsed | null> {
  const user = await ctx.db.query.users.findFirst({ where: (u, { eq: e }) => e(u.uid, row.uid) });
  if (!user?.preferences.urlParsing?.providerId) return null;
  const tool = await resolveToolProvider(ctx, row.uid, 'urlParsing');
  if (!tool || !(URL_PARSERS as readonly string[]).includes(tool.provider.providerKey)) return null;
  const page = await parseUrlExternally(tool, url, privateNetworkAllowed(ctx.config, tool.provider.baseUrl));
  return { content: page.content, ...(page.title ? { title: page.title } : {}) };
}

async function parseSource(
  ctx: AppContext,
  row: ResourceRow,
): Promise<Parsed & { contentType: string | null }> {
  const maxPages = ctx.config.PARSE_MAX_PAGES;
  if (row.rawFileKey) {
    const [file] = await ctx.db.select().from(files).where(eq(files.storageKey, row.rawFileKey)).limit(1);
    if (!file) throw new ParseError('The uploaded file is missing');
    const format = detectFormat(file.contentType, file.originalName);
    if (!format) throw new ParseError(`This file type is not supported (${file.contentType})`);
    const body = await readAll(await ctx.storage.get(file.storageKey));
    if (format === 'pdf') {
      const external = await parsePdfWithProvider(ctx, row, body, file.originalName);
      if (external) return { ...external, contentType: file.contentType };
    }
    let parsed = await parseContent({ body, format, filename: file.originalName, maxPages });
    if (format === 'image') parsed = await describeIfPossible(ctx, row.uid, body, file.contentType, parsed);
    return { ...parsed, contentType: file.contentType };
  }
  if (row.resourceType === 'weblink') {
    const url = row.meta?.url;
    if (!url) throw new ParseError('The web link is missing');
    const external = await parseUrlWithProvider(ctx, row, url);
    if (external) return { ...external, contentType: 'text/markdown' };
    const page = await fetchPage(url, {
      allowPrivate: ctx.config.FETCH_ALLOW_PRIVATE,
      timeoutMs: ctx.config.FETCH_TIMEOUT,
      maxBytes: ctx.config.FETCH_MAX_BYTES,
    });
    const format = detectFormat(page.contentType, new URL(page.url).pathname);
    if (!format || format === 'image')
      throw new ParseError(`The linked page cannot be parsed (${page.contentType || 'unknown type'})`);
    const parsed = await parseContent({
      body: page.body,
      format,
      charset: page.charset,
      url: page.url,
      maxPages,
    });
    return { ...parsed, contentType: page.contentType };
  }
  return { content: row.content, contentType: row.contentType };
}

export const handleIngest: JobHandler<IngestPayload> = async ({ ctx }, p, job) => {
  const { db, log } = ctx;
  /** Moves the resource on only if it is still this version in the expected state. */
  const advance = async (
    p: IngestPayload,
    from: IndexStatus,
    set: Partial<{ [K in keyof ResourceRow]: ResourceRow[K] | SQL }>,
  ) => {
    const [row] = await db
      .update(resources)
      .set({ ...set, updatedAt: now() })
      .where(
        and(
          eq(resources.resourceId, p.resourceId),
          eq(resources.indexVersion, p.version),
          eq(resources.indexStatus, from),
        ),
      )
      .returning();
    return row;
  };

  const [current] = await db.select().from(resources).where(eq(resources.resourceId, p.resourceId)).limit(1);
  if (!current || current.indexVersion !== p.version) return;
  if (current.indexStatus !== 'wait_parse' && current.indexStatus !== 'wait_index') return;
  const attempt = current.indexAttempts + 1;
  await db.update(resources).set({ indexAttempts: attempt }).where(eq(resources.resourceId, p.resourceId));
  const last = attempt >= job.attempts;

  let row: ResourceRow | undefined = current;
  if (row.indexStatus === 'wait_parse') {
    try {
      const parsed = await parseSource(ctx, row);
      const content = parsed.content.slice(0, MAX_PARSED_CHARS);
      const dims = parsed.dimensions;
      // Merged into the stored meta in SQL, not written from the row read before parsing: an
      // update of `data` while the file was parsed (the web clipper records the page's address
      // right after its upload) must survive. A title already there wins over the parsed one.
      const parsedTitle = parsed.title ? { title: parsed.title.slice(0, 1024) } : {};
      const measured = dims ? { width: dims.width, height: dims.height } : {};
      const meta =
        parsed.title || dims
          ? sql`${JSON.stringify(parsedTitle)}::jsonb || coalesce(${resources.meta}, '{}'::jsonb) || ${JSON.stringify(measured)}::jsonb`
          : undefined;
      row = await advance(p, 'wait_parse', {
        indexStatus: 'wait_index',
        content,
        contentPreview: dims && !content ? `Image, ${dims.width}×${dims.height} pixels` : previewOf(content),
        ...(meta ? { meta } : {}),
        contentType: parsed.contentType,
        storageSize: (row.rawFileKey ? row.storageSize : 0) + Buffer.byteLength(content),
      });
    } catch (err) {
      log.warn({ err, resourceId: p.resourceId, attempt }, 'resource parsing failed');
      if (!last && !isPermanent(err) && !(err instanceof FetchFailedError && attempt > 1)) throw err;
      await advance(p, 'wait_parse', { indexStatus: 'parse_failed', indexError: failure(err) });
      return;
    }
  }
  if (row?.indexStatus !== 'wait_index') return;
  try {
    await indexEntry(db, {
      entityType: 'resource',
      entityId: row.resourceId,
      uid: row.uid,
      title: row.title,
      content: row.content,
      sourceUpdatedAt: row.updatedAt,
    });
    // Embeddings are optional: without an embedding model the chunks are full-text only.
    const embedder = await libraryEmbedder(db, row.uid, await resolveModel(ctx, row.uid, 'embedding'));
    const vectorSize = embedder ? await embedEntry(db, embedder, row.uid, 'resource', row.resourceId) : 0;
    // The first vectors of a dimension get its HNSW index (quick while it holds few rows).
    if (vectorSize) await ctx.vectorIndexes.ensureFor(row.uid);
    const done = await advance(p, 'wait_index', {
      indexStatus: 'finish',
      indexError: null,
      vectorSize,
      finishCount: sql`${resources.finishCount} + 1`,
      readyAt: ctx.clock.date(),
    });
    if (done)
      void ctx.events.emit('resource.ready', {
        uid: done.uid,
        resourceId: done.resourceId,
        title: done.title,
        finishCount: done.finishCount,
      });
  } catch (err) {
    log.warn({ err, resourceId: p.resourceId, attempt }, 'resource indexing failed');
    if (!last && !isPermanent(err)) throw err;
    await advance(p, 'wait_index', { indexStatus: 'index_failed', indexError: failure(err) });
  }
};

/** Enqueues again every resource a previous run left waiting; `init` ones get a version first. */
export async function resumeIngestion(ctx: AppContext, service: ResourceService): Promise<number> {
  const rows = await ctx.db.select().from(resources).where(inArray(resources.indexStatus, WAITING_STATES));
  const fresh = rows.filter((r) => r.indexStatus === 'init');
  await service.startIndex(fresh);
  for (const row of rows.filter((r) => r.indexStatus !== 'init')) await service.enqueue(row);
  return rows.length;
}
