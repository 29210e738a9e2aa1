/**
 * POST /search: the library branch here; `source: 'web'` goes to the caller's web-search provider
 * (search.web.ts).
 */
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import { presentLibraryHit } from './search.presenter.js';
import { searchLibrary } from './search.service.js';
import { multilingualSearch } from './search.multilingual.js';
import { searchWeb } from './search.web.js';

export function searchHandlers(ctx: AppContext): Handlers {
  return {
    'search.query': async ({ user, body }) => {
      if (body.source === 'web') return searchWeb(ctx, user.uid, body);
      const hits = await searchLibrary(ctx, user.uid, body);
      return hits.map((h) => presentLibraryHit(h, body.query));
    },
    'search.multilingual': async ({ user, body }) => multilingualSearch(ctx, user.uid, body),
  };
}
