import { describe, expect, it, vi } from 'vitest';
import { createRefreshQueue } from './refreshQueue';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('refresh queue', () => {
  it('shares one refresh among concurrent 401s and releases every waiter when it succeeds', async () => {
    const gate = deferred<boolean>();
    const refresh = vi.fn(() => gate.promise);
    const onFailure = vi.fn(async () => undefined);
    const queue = createRefreshQueue({ refresh, sleep: async () => undefined, onFailure });

    const waiters = [queue.refresh(), queue.refresh(), queue.refresh(), queue.refresh(), queue.refresh()];
    expect(queue.pending).not.toBeNull();
    gate.resolve(true);

    await expect(Promise.all(waiters)).resolves.toEqual([true, true, true, true, true]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(queue.generation).toBe(1);
    expect(queue.pending).toBeNull();
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('retries up to 3 more times, 100 ms apart, before giving up', async () => {
    const sleeps: number[] = [];
    const refresh = vi.fn(async () => false);
    const onFailure = vi.fn(async () => undefined);
    const queue = createRefreshQueue({ refresh, sleep: async (ms) => void sleeps.push(ms), onFailure });

    const results = await Promise.all([queue.refresh(), queue.refresh()]);

    expect(results).toEqual([false, false]);
    expect(refresh).toHaveBeenCalledTimes(4);
    expect(sleeps.filter((ms) => ms > 0)).toEqual([100, 100, 100]);
    await vi.waitFor(() => expect(onFailure).toHaveBeenCalledTimes(1));
    expect(queue.failed).toBe(true);
  });

  it('stops retrying at the first success', async () => {
    const refresh = vi
      .fn()
      .mockResolvedValueOnce(false)
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(true);
    const queue = createRefreshQueue({
      refresh,
      sleep: async () => undefined,
      onFailure: async () => undefined,
    });
    await expect(queue.refresh()).resolves.toBe(true);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('releases the waiters before wiping, and never refreshes again once failed', async () => {
    const order: string[] = [];
    const refresh = vi.fn(async () => false);
    const queue = createRefreshQueue({
      refresh,
      sleep: async () => undefined,
      onFailure: async () => {
        order.push('wipe');
      },
    });
    const waiter = queue.refresh().then((ok) => order.push(`waiter:${ok}`));
    await waiter;
    await vi.waitFor(() => expect(order).toContain('wipe'));
    expect(order[0]).toBe('waiter:false');

    await expect(queue.refresh()).resolves.toBe(false);
    expect(refresh).toHaveBeenCalledTimes(4);
  });
});
