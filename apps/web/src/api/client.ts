/**
 * The app's API client, typed by the contract's route table, with the session flow of spec
 * section 4 wired in: a 401 asks the shared refresh queue, which refreshes once for all
 * concurrent requests and, when that fails for good, wipes local data and reloads.
 */
import { createApiClient } from '@atelier/contract/client';
import { platform } from '../platform/platform';
import { endLocalSession } from './endSession';
import { createRefreshQueue } from './refreshQueue';
import { createRefreshingFetch, createSessionFetch } from './sessionFetch';

export const API_BASE_PATH = '/v1';
const baseUrl = API_BASE_PATH;

/** Client without the refresh flow: used for the refresh call itself. */
const bareClient = createApiClient({ baseUrl, fetch: platform.fetch });

export const refreshQueue = createRefreshQueue({
  // the client reads only whether the refresh worked (spec section 7)
  refresh: async () => (await bareClient.request('auth.refreshToken')).success,
  sleep: platform.sleep,
  onFailure: endLocalSession,
});

export const api = createApiClient({
  baseUrl,
  fetch: createSessionFetch(platform.fetch, refreshQueue),
  onUnauthorized: () => refreshQueue.refresh(),
});

/**
 * fetch for URLs the typed client does not wrap (file downloads): like the client, a 401 asks
 * the refresh queue once and, when the session was refreshed, the request is sent again.
 */
const platformFetch: typeof fetch = (input, init) => platform.fetch(input, init);
export const fileFetch = createRefreshingFetch(
  createSessionFetch(platformFetch, refreshQueue),
  platformFetch,
  refreshQueue,
);
