/** Search routes: library or web search, and the multilingual web-search pipeline (spec section 7). */
import { z } from 'zod';
import { defineRoute } from '../route.js';
import {
  MultilingualSearchRequestSchema,
  MultilingualSearchResultSchema,
  SearchRequestSchema,
  SearchResultSchema,
} from '../entities/search.js';

const tag = 'search';

export const searchRoutes = {
  'search.query': defineRoute({
    id: 'search.query',
    method: 'POST',
    path: '/search',
    summary: "Search the caller's library (resources, documents, canvases) or, with source 'web', the web",
    tag,
    auth: 'user',
    body: SearchRequestSchema,
    response: z.array(SearchResultSchema),
    errors: ['E0003', 'E0015', 'E1015', 'E3001', 'E3002', 'E3003'],
  }),
  'search.multilingual': defineRoute({
    id: 'search.multilingual',
    method: 'POST',
    path: '/search/multilingualSearch',
    summary: 'Web search across languages: rewrite, translate, search, translate back, rerank',
    tag,
    auth: 'user',
    body: MultilingualSearchRequestSchema,
    response: MultilingualSearchResultSchema,
    errors: ['E0003', 'E0014', 'E1015', 'E2002', 'E3001', 'E3002', 'E3003'],
  }),
} as const;
