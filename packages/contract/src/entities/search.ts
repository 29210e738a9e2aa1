/** Web search, library search, multilingual search and sources (spec sections 3 "Search and sources", 9). */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { EntityTypeSchema, IdSchema, MetadataSchema, TimestampSchema } from './common.js';

const QueryTextSchema = z.string().trim().min(1, 'Query cannot be empty').max(2048);

export const WebSearchRequestSchema = z.object({
  q: QueryTextSchema,
  /** Interface language of the results, e.g. en. */
  hl: z.string().max(16).optional(),
  /** Country, e.g. us. */
  gl: z.string().max(16).optional(),
  location: z.string().max(256).optional(),
  limit: z.number().int().min(1).max(50).default(LIMITS.webSearchDefaultLimit),
});
export type WebSearchRequest = z.infer<typeof WebSearchRequestSchema>;

export const WebSearchResultSchema = z.object({
  name: z.string(),
  url: z.string(),
  snippet: z.string(),
  locale: z.string().optional(),
});
export type WebSearchResult = z.infer<typeof WebSearchResultSchema>;

export const SelectionTypeSchema = z.enum(['text', 'table', 'link', 'image', 'video', 'audio']);
export const SourceSelectionSchema = z.object({
  type: SelectionTypeSchema,
  content: z.string().max(LIMITS.maxContentChars),
  xPath: z.string().max(2048).optional(),
});

export const SourceMetadataSchema = z.object({
  sourceType: z.enum(['webSearch', 'library']).optional(),
  entityType: EntityTypeSchema.optional(),
  entityId: z.string().max(128).optional(),
  publishedTime: z.string().max(64).optional(),
  originalLocale: z.string().max(16).optional(),
  translatedDisplayLocale: z.string().max(16).optional(),
  isTranslated: z.boolean().optional(),
  originalQuery: z.string().max(2048).optional(),
  translatedQuery: z.string().max(2048).optional(),
});

/** Something an answer cites: a web page or a library item. pageContent is required. */
export const SourceSchema = z.object({
  url: z.string().max(2048).optional(),
  title: z.string().max(1024).optional(),
  pageContent: z.string({ error: 'pageContent is required' }).max(LIMITS.maxContentChars),
  score: z.number().optional(),
  metadata: SourceMetadataSchema.optional(),
  selections: z.array(SourceSelectionSchema).max(50).optional(),
});
export type Source = z.infer<typeof SourceSchema>;

// ---- POST /search ----

/** Library domains; 'thread' (the caller's AI conversations) only when asked for by name. */
export const SearchDomainSchema = z.enum(['resource', 'document', 'canvas', 'thread']);
export type SearchDomain = z.infer<typeof SearchDomainSchema>;
export const SearchModeSchema = z.enum(['keyword', 'vector', 'hybrid']);

/**
 * Library search: resources, documents and canvases when `domains` is omitted (threads only when
 * named); `limit` counts per domain.
 */
export const LibrarySearchRequestSchema = z.object({
  source: z.literal('library').optional(),
  query: QueryTextSchema,
  domains: z.array(SearchDomainSchema).min(1).max(4).optional(),
  mode: SearchModeSchema.default('keyword'),
  limit: z.number().int().min(1).max(50).default(LIMITS.searchDefaultLimitPerDomain),
  projectId: IdSchema.optional(),
});
export type LibrarySearchRequest = z.infer<typeof LibrarySearchRequestSchema>;

export const WebSearchBodySchema = WebSearchRequestSchema.extend({ source: z.literal('web') });

/**
 * POST /search takes either a web search (`source: 'web'` plus the web-search fields) or a
 * library search (`source` omitted or 'library'). One call keeps the home search box simple;
 * the explicit `source: 'web'` keeps the two from being confused when a body has both shapes.
 */
export const SearchRequestSchema = z.union([WebSearchBodySchema, LibrarySearchRequestSchema]);
export type SearchRequest = z.infer<typeof SearchRequestSchema>;

export const LibrarySearchResultSchema = z.object({
  id: z.string(),
  domain: SearchDomainSchema,
  title: z.string(),
  /** Title with matches wrapped in <mark>. */
  highlightedTitle: z.string().optional(),
  contentPreview: z.string().optional(),
  snippets: z.array(z.object({ text: z.string(), highlightedText: z.string().optional() })).optional(),
  score: z.number().optional(),
  metadata: MetadataSchema.optional(),
  createdAt: TimestampSchema.optional(),
  updatedAt: TimestampSchema.optional(),
});
export type LibrarySearchResult = z.infer<typeof LibrarySearchResultSchema>;

/** Library hits carry `domain`; web hits carry `url` and `snippet`. */
export const SearchResultSchema = z.union([LibrarySearchResultSchema, WebSearchResultSchema]);
export type SearchResult = z.infer<typeof SearchResultSchema>;

// ---- POST /search/multilingualSearch ----

export const MultilingualSearchStepNameSchema = z.enum([
  'rewriteQuery',
  'translateQuery',
  'webSearch',
  'translateResults',
  'rerank',
  'finish',
]);

export const MultilingualSearchRequestSchema = z.object({
  query: QueryTextSchema,
  /** Languages to search in, e.g. ['en', 'zh-CN']; the query's own language when omitted. */
  searchLocaleList: z.array(z.string().max(16)).max(10).optional(),
  /** Language results are translated into. */
  displayLocale: z.string().max(16).optional(),
  enableRerank: z.boolean().default(true),
  searchLimit: z.number().int().min(1).max(50).default(LIMITS.webSearchDefaultLimit),
  rerankLimit: z.number().int().min(1).max(50).optional(),
  rerankRelevanceThreshold: z.number().min(0).max(1).optional(),
});
export type MultilingualSearchRequest = z.infer<typeof MultilingualSearchRequestSchema>;

export const MultilingualSearchResultSchema = z.object({
  sources: z.array(SourceSchema),
  searchSteps: z.array(
    z.object({
      step: MultilingualSearchStepNameSchema,
      /** Milliseconds the step took. */
      duration: z.number(),
      result: z.unknown().optional(),
    }),
  ),
});
export type MultilingualSearchResult = z.infer<typeof MultilingualSearchResultSchema>;
