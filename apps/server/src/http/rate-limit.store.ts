/**
 * The in-memory store for @fastify/rate-limit, timed by the app's clock (the plugin's own
 * LocalStore reads Date.now(), so a test would have to wait out a real window). A fixed window per
 * key: the first hit opens it, hits count until it ends, the next hit after that opens a new one.
 * Keys are kept in insertion order and the oldest are dropped past `maxKeys`, so a flood of
 * distinct keys cannot grow the map without bound. With REDIS_URL the plugin's Redis store is used
 * instead (windows are Redis key TTLs, shared by every process, in real time).
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { Clock } from '../lib/clock.js';

interface Window {
  count: number;
  startedAt: number;
  /** Length of this window (longer than the configured one under exponential backoff). */
  lengthMs: number;
}

/** What the plugin hands a store (its global parameters, or a route's merged ones): typed loosely upstream. */
type StoreOptions = Pick<RateLimitOptions, 'continueExceeding' | 'exponentialBackoff'>;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

const DEFAULT_MAX_KEYS = 5000;

export function clockRateLimitStore(clock: Clock, maxKeys = DEFAULT_MAX_KEYS): FastifyRateLimitStoreCtor {
  class ClockStore implements FastifyRateLimitStore {
    private readonly windows = new Map<string, Window>();
    private readonly continueExceeding: boolean;
    private readonly exponentialBackoff: boolean;

    constructor(options: object) {
      const { continueExceeding, exponentialBackoff } = options as StoreOptions;
      this.continueExceeding = continueExceeding === true;
      this.exponentialBackoff = exponentialBackoff === true;
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      const now = clock.now();
      let window = this.windows.get(key);
      if (!window || window.startedAt + window.lengthMs <= now) {
        window = { count: 1, startedAt: now, lengthMs: timeWindow };
      } else {
        window.count += 1;
        if (window.count > max && this.continueExceeding) {
          window.startedAt = now;
          window.lengthMs = timeWindow;
        } else if (window.count > max && this.exponentialBackoff) {
          const length = timeWindow * 2 ** (window.count - max - 1);
          window.startedAt = now;
          window.lengthMs = Number.isSafeInteger(length) ? length : Number.MAX_SAFE_INTEGER;
        }
      }
      // Re-inserted so the map's order is least recently hit first.
      this.windows.delete(key);
      this.windows.set(key, window);
      this.evict();
      cb(null, { current: window.count, ttl: window.startedAt + window.lengthMs - now });
    }

    /** The window's state without counting a hit (`{ increment: false }`). */
    read(key: string, cb: Callback): void {
      const now = clock.now();
      const window = this.windows.get(key);
      if (!window || window.startedAt + window.lengthMs <= now) cb(null, { current: 0, ttl: 0 });
      else cb(null, { current: window.count, ttl: window.startedAt + window.lengthMs - now });
    }

    /** Route-level limits and `createRateLimit` limiters get their own windows. */
    child(routeOptions: object): FastifyRateLimitStore {
      return new ClockStore(routeOptions);
    }

    private evict(): void {
      for (const key of this.windows.keys()) {
        if (this.windows.size <= maxKeys) return;
        this.windows.delete(key);
      }
    }
  }
  return ClockStore;
}
