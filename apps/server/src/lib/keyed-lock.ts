/**
 * Runs async work one at a time per key (in this process): a second call with the same key waits
 * until the first has settled. Used where a check and the write it guards must not interleave,
 * e.g. two uploads of one user racing for the last free slot of a quota.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(fn);
    this.tails.set(key, next);
    const cleanup = () => {
      if (this.tails.get(key) === next) this.tails.delete(key);
    };
    void next.then(cleanup, cleanup);
    return next;
  }

  /** Keys with work queued or running (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
