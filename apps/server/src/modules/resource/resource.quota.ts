/**
 * The storage meter (library items, bytes of files and parsed text, bytes of vectors) and the
 * file-parsing meter (pages of advanced parsing today), and the quota checks on them. Quotas come
 * from the user's plan and apply only with FEATURE_SUBSCRIPTION on (subscription.plans.ts).
 */
import type { FileParsingMeter, StorageMeter } from '@atelier/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { parseUsage } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { ParseError } from '../../ingest/ingest.formats.js';
import { withQuotaLock } from '../../lib/quota-lock.js';
import { quotasFor } from '../subscription/subscription.plans.js';

export interface StorageUsed {
  /** Library items (resources of every type). */
  fileCount: number;
  /** Uploaded files plus the text of resources without a file. */
  objectBytes: number;
  /** Embeddings of every library item (resources and documents). */
  vectorBytes: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export async function storageUsed(ctx: AppContext, uid: string): Promise<StorageUsed> {
  const result = await ctx.db.execute(sql`
    SELECT (SELECT count(*) FROM resources WHERE uid = ${uid})::bigint AS file_count,
           ((SELECT coalesce(sum(size), 0) FROM files WHERE uid = ${uid})
             + (SELECT coalesce(sum(storage_size), 0) FROM resources WHERE uid = ${uid} AND raw_file_key IS NULL))::bigint
             AS object_bytes,
           (SELECT coalesce(sum(4 * vector_dims(embedding) + 8), 0) FROM library_chunks
             WHERE uid = ${uid} AND embedding IS NOT NULL)::bigint AS vector_bytes`);
  const r = rowsOf<{ file_count: string; object_bytes: string; vector_bytes: string }>(result)[0];
  return {
    fileCount: Number(r?.file_count ?? 0),
    objectBytes: Number(r?.object_bytes ?? 0),
    vectorBytes: Number(r?.vector_bytes ?? 0),
  };
}

/**
 * Runs a library quota check and the writes it allows one at a time per user, so two uploads
 * racing for the last free slot cannot both get it, on one instance or several.
 */
export function withLibraryQuotaLock<T>(
  ctx: Pick<AppContext, 'dbLock' | 'config'>,
  uid: string,
  fn: () => Promise<T>,
): Promise<T> {
  return withQuotaLock(ctx, `library:${uid}`, fn);
}

/**
 * Throws E2001 when `adding` more library items (of `bytes` together) would pass the plan's
 * quota: 'Insufficient storage: only N files can be saved'.
 */
export async function assertLibraryQuota(
  ctx: AppContext,
  uid: string,
  adding: number,
  bytes = 0,
): Promise<void> {
  const quotas = await quotasFor(ctx, uid);
  if (!quotas.enforced || adding <= 0) return;
  const used = await storageUsed(ctx, uid);
  if (quotas.fileCountQuota >= 0 && used.fileCount + adding > quotas.fileCountQuota) {
    const left = Math.max(0, quotas.fileCountQuota - used.fileCount);
    throw new AppError('E2001', `Insufficient storage: only ${left} files can be saved`, 200, {
      fileCountUsed: used.fileCount,
      fileCountQuota: quotas.fileCountQuota,
    });
  }
  if (quotas.objectStorageQuota >= 0 && used.objectBytes + bytes > quotas.objectStorageQuota) {
    throw new AppError('E2001', undefined, 200, {
      objectStorageUsed: String(used.objectBytes),
      objectStorageQuota: String(quotas.objectStorageQuota),
    });
  }
}

/** The largest upload `uid` may send: the plan's limit with the flag on, else UPLOAD_MAX_BYTES. */
export async function uploadLimitFor(ctx: AppContext, uid: string): Promise<number> {
  return (await quotasFor(ctx, uid)).fileUploadLimitBytes;
}

/** Today's date (UTC) on the app's clock: the daily parse-page count starts afresh with it. */
const today = (ctx: Pick<AppContext, 'clock'>) => ctx.clock.date().toISOString().slice(0, 10);

async function pagesParsedToday(ctx: AppContext, uid: string): Promise<number> {
  const result = await ctx.db.execute(
    sql`SELECT pages FROM parse_usage WHERE uid = ${uid} AND day = ${today(ctx)}`,
  );
  return Number(rowsOf<{ pages: number }>(result)[0]?.pages ?? 0);
}

/**
 * Counts `pages` of advanced parsing against today's limit; past it the parse fails with
 * pageLimitExceeded (nothing is counted then).
 */
export async function consumeParsePages(ctx: AppContext, uid: string, pages: number): Promise<void> {
  const quotas = await quotasFor(ctx, uid);
  const limit = quotas.dailyParsePages;
  const day = today(ctx);
  const updated = await ctx.db
    .insert(parseUsage)
    .values({ uid, day, pages })
    .onConflictDoUpdate({
      target: [parseUsage.uid, parseUsage.day],
      set: { pages: sql`${parseUsage.pages} + ${pages}` },
      ...(limit >= 0 ? { setWhere: sql`${parseUsage.pages} + ${pages} <= ${limit}` } : {}),
    })
    .returning({ pages: parseUsage.pages });
  const fresh = updated[0];
  if (!fresh || (limit >= 0 && fresh.pages > limit)) {
    if (fresh) {
      // A first insert past the limit: take it back.
      await ctx.db.execute(
        sql`DELETE FROM parse_usage WHERE uid = ${uid} AND day = ${day} AND pages = ${pages}`,
      );
    }
    const used = await pagesParsedToday(ctx, uid);
    throw new ParseError(
      `This file's ${pages} pages exceed the daily advanced parsing page limit (${Math.max(0, limit - used)} of ${limit} left today)`,
      'pageLimitExceeded',
      { pages, pagesLimit: limit, pagesParsed: used },
    );
  }
}

export async function storageMeter(ctx: AppContext, uid: string): Promise<StorageMeter> {
  const [quotas, used] = await Promise.all([quotasFor(ctx, uid), storageUsed(ctx, uid)]);
  return {
    meterId: `sm-${uid}`,
    uid,
    subscriptionId: null,
    fileCountUsed: used.fileCount,
    fileCountQuota: quotas.fileCountQuota,
    objectStorageQuota: String(quotas.objectStorageQuota),
    objectStorageUsed: String(used.objectBytes),
    vectorStorageQuota: String(quotas.vectorStorageQuota),
    vectorStorageUsed: String(used.vectorBytes),
  };
}

export async function fileParsingMeter(ctx: AppContext, uid: string): Promise<FileParsingMeter> {
  const [quotas, pagesParsed] = await Promise.all([quotasFor(ctx, uid), pagesParsedToday(ctx, uid)]);
  return {
    pagesParsed,
    pagesLimit: quotas.dailyParsePages,
    fileUploadLimit: Math.round((quotas.fileUploadLimitBytes / (1024 * 1024)) * 100) / 100,
  };
}
