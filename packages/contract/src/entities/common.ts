/** Small shapes shared by many entities: ids, text bounds, links, paging, query coercion. */
import { z } from 'zod';
import { LIMITS } from '../limits.js';

/** ISO-8601 timestamp as sent on the wire. */
export const TimestampSchema = z.string().describe('ISO-8601 date-time');

/**
 * A date-time a client sends: ISO-8601 with a time zone (`2026-12-31T23:59:59.999Z`, `…+08:00`),
 * as `Date.prototype.toISOString` writes it. A plain string let `1e309` through to the database
 * layer, whose date conversion threw (HTTP 500).
 */
export const TimestampInputSchema = z.iso.datetime({ offset: true }).describe('ISO-8601 date-time');

export const TimestampsSchema = z.object({
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});

/** An id field: non-empty, bounded. */
export const IdSchema = z.string().min(1).max(128);

/** A content field, capped at 100k characters (E2004 when longer). */
export const ContentSchema = z.string().max(LIMITS.maxContentChars);

/** A title as typed by a person. */
export const TitleSchema = z.string().trim().max(512);
/** A short name or label (display names, model names, keys). */
export const NameSchema = z.string().trim().max(256);
/** A description or prompt-sized free text. */
export const DescriptionSchema = z.string().max(10_000);
/** A key of a stored file (uploads answer it). */
export const StorageKeySchema = z.string().min(1).max(512);

export const HTTP_URL_MESSAGE = 'Web links must start with http or https';

function parsesAsUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** A web link: http or https only (spec section 5). */
export const HttpUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .regex(/^https?:\/\/\S+$/i, HTTP_URL_MESSAGE)
  .refine(parsesAsUrl, HTTP_URL_MESSAGE);

/** Free-form metadata: bounded keys, at most 100 of them (values are bounded by the payload limit). */
export const MetadataSchema = z
  .record(z.string().max(128), z.unknown())
  .refine((value) => Object.keys(value).length <= 100, 'At most 100 metadata keys');
export type Metadata = z.infer<typeof MetadataSchema>;

/** A record of localised strings, e.g. `{ en: 'Writing', 'zh-CN': '写作' }`. */
export const LocaleDictSchema = z.record(z.string().max(16), z.string().max(1024));

/** An integer query parameter: accepts a number or its string form (query strings are text). */
export function queryInt(min: number, max: number) {
  return z.coerce.number<number | string>().int().min(min).max(max);
}

/**
 * A boolean query parameter. Not `z.coerce.boolean()`: that turns the string 'false' into true.
 * Accepts true/false or 'true'/'false'/'1'/'0'.
 */
export const QueryBooleanSchema = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
]);

export const PageQuerySchema = z.object({
  page: queryInt(1, 1_000_000).default(1),
  pageSize: queryInt(1, LIMITS.maxPageSize).default(20),
  order: z.enum(['creationAsc', 'creationDesc', 'updationAsc', 'updationDesc']).default('updationDesc'),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** A bounded, non-empty list of ids (batch deletes, reindex…). */
export function idListSchema(max: number = LIMITS.maxBatchItems) {
  return z.array(IdSchema).min(1).max(max);
}

export const EntityTypeSchema = z.enum([
  'document',
  'resource',
  'canvas',
  'share',
  'user',
  'project',
  'skillResponse',
  'codeArtifact',
  'page',
]);
export type EntityType = z.infer<typeof EntityTypeSchema>;

/** A pointer to one entity, e.g. the target canvas of a skill run. */
export const EntityRefSchema = z.object({
  entityType: EntityTypeSchema,
  entityId: IdSchema,
});
export type EntityRef = z.infer<typeof EntityRefSchema>;

export const IconSchema = z.object({
  type: z.enum(['emoji', 'image']),
  value: z.string().max(2048),
});
export type Icon = z.infer<typeof IconSchema>;

export const EmptySchema = z.object({}).describe('empty');
export const NullableEmptySchema = z.null().or(z.undefined()).describe('no data');

export const LocaleSchema = z.enum(['en', 'zh-CN']);
export const OutputLocaleSchema = z.string().min(1).max(16).describe("'auto' or a BCP-47 tag");

/** Model tiers (spec section 9): t1, t2 and free. */
export const ModelTierSchema = z.enum(['t1', 't2', 'free']);
export type ModelTier = z.infer<typeof ModelTierSchema>;

/** Key/value pairs edited as rows (MCP env and headers): names and values must not be empty. */
export const KeyValueRecordSchema = z
  .record(z.string().max(256), z.string().max(4096))
  .superRefine((value, ctx) => {
    const entries = Object.entries(value);
    if (entries.length > 100) ctx.addIssue({ code: 'custom', message: 'At most 100 entries' });
    for (const [name, text] of entries) {
      if (!name.trim()) ctx.addIssue({ code: 'custom', path: [name], message: 'Names must not be empty' });
      if (!text) ctx.addIssue({ code: 'custom', path: [name], message: 'Values must not be empty' });
    }
  });
