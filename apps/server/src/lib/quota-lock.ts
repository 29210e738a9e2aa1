/**
 * The lock quota checks take with the write they allow, so two requests cannot both take the last
 * slot: one request per key at a time in this process (a queue, so only one of them waits on the
 * database), and one instance at a time on the database (`ctx.dbLock`: a PostgreSQL advisory
 * transaction lock; on PGlite, one process per data directory, the queue is the whole lock).
 * The work commits before the lock is released, so the next holder counts it. Without
 * FEATURE_SUBSCRIPTION nothing is enforced, so only the in-process queue runs (no database trip).
 */
import type { AppContext } from '../context.js';
import { KeyedLock } from './keyed-lock.js';

const quotaLock = new KeyedLock();

export function withQuotaLock<T>(
  ctx: Pick<AppContext, 'dbLock' | 'config'>,
  key: string,
  fn: () => Promise<T>,
): Promise<T> {
  return quotaLock.run(key, () =>
    ctx.config.FEATURE_SUBSCRIPTION ? ctx.dbLock(`atelier-quota:${key}`, fn) : fn(),
  );
}
