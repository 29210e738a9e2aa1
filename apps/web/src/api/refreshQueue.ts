/**
 * The session refresh queue of spec section 4: on HTTP 401 one token refresh is shared by
 * every concurrent request; they wait and are replayed once it succeeds. A failed attempt is
 * retried up to `retries` more times, `retryDelayMs` apart; when all fail the waiters get
 * `false` (the client rejects them), `onFailure` runs once (wipe local data, reload) and
 * the queue stays failed so later 401s do not start new refresh storms.
 */
import { LIMITS } from '@atelier/contract';

export interface RefreshQueueOptions {
  /** One refresh attempt; resolves true when a new access token was issued. */
  refresh: () => Promise<boolean>;
  /** Attempts after the first one (spec: 3). */
  retries?: number;
  retryDelayMs?: number;
  sleep: (ms: number) => Promise<void>;
  /** Runs once after the final failed attempt, after the waiters were released. */
  onFailure: () => Promise<void>;
}

export interface RefreshQueue {
  /** Join the refresh in flight or start one; resolves whether the session was refreshed. */
  refresh(): Promise<boolean>;
  /** The refresh in flight, if any. */
  readonly pending: Promise<boolean> | null;
  /** Increments on every successful refresh: a request sent before it can simply be replayed. */
  readonly generation: number;
  /** True once a refresh has failed for good (the page is being wiped and reloaded). */
  readonly failed: boolean;
}

export function createRefreshQueue(options: RefreshQueueOptions): RefreshQueue {
  const retries = options.retries ?? LIMITS.refreshRetries;
  const retryDelayMs = options.retryDelayMs ?? LIMITS.refreshRetryDelayMs;
  let pending: Promise<boolean> | null = null;
  let generation = 0;
  let failed = false;

  async function attempt(): Promise<boolean> {
    try {
      return await options.refresh();
    } catch {
      return false;
    }
  }

  async function run(): Promise<boolean> {
    for (let tryNo = 0; tryNo <= retries; tryNo += 1) {
      if (tryNo > 0) await options.sleep(retryDelayMs);
      if (await attempt()) {
        generation += 1;
        return true;
      }
    }
    failed = true;
    return false;
  }

  return {
    refresh() {
      if (failed) return Promise.resolve(false);
      if (pending) return pending;
      const current = run().finally(() => {
        pending = null;
      });
      pending = current;
      void current.then(async (ok) => {
        if (ok) return;
        // let the waiters be rejected first, then the one-time failure work (wipe, reload)
        await options.sleep(0);
        await options.onFailure();
      });
      return current;
    },
    get pending() {
      return pending;
    },
    get generation() {
      return generation;
    },
    get failed() {
      return failed;
    },
  };
}
