/**
 * fetch wrapper that closes the gap the client's `onUnauthorized` hook cannot see: a request
 * sent before a refresh finished gets a 401 for its old token. Such a request waits for the
 * refresh in flight (if any) and, when a refresh succeeded after it was sent, is replayed at
 * once instead of starting a second refresh. Every other 401 goes to the client unchanged,
 * which then asks the queue to refresh.
 */
import type { RefreshQueue } from './refreshQueue';

type Fetch = typeof fetch;

export function createSessionFetch(
  baseFetch: Fetch,
  queue: Pick<RefreshQueue, 'pending' | 'generation' | 'failed'>,
): Fetch {
  return async (input, init) => {
    // a Request body can be read once; keep a copy for the replay
    const spare = input instanceof Request ? input.clone() : input;
    const sentAt = queue.generation;
    const res = await baseFetch(input, init);
    if (res.status !== 401) return res;
    const inFlight = queue.pending;
    if (inFlight) await inFlight;
    if (!queue.failed && queue.generation !== sentAt) return baseFetch(spare, init);
    return res;
  };
}

/**
 * fetch for requests outside the typed client (file downloads), which has no `onUnauthorized`
 * hook: a 401 that `sessionFetch` could not settle asks the queue for a refresh, and the request
 * is sent once more when the session was refreshed.
 */
export function createRefreshingFetch(
  sessionFetch: Fetch,
  baseFetch: Fetch,
  queue: Pick<RefreshQueue, 'refresh'>,
): Fetch {
  return async (input, init) => {
    const spare = input instanceof Request ? input.clone() : input;
    const res = await sessionFetch(input, init);
    if (res.status !== 401) return res;
    return (await queue.refresh()) ? baseFetch(spare, init) : res;
  };
}
