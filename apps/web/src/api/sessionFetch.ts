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
