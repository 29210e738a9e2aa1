// Unit tests of the update log's writer: one write in flight per document, what arrives meanwhile
// written together in arrival order, each caller settled only once its update is written.
import { describe, expect, it } from 'vitest';
import { MAX_BATCH, UpdateLogWriter } from './collab.log.js';

const u = (n: number) => new Uint8Array([n]);

/** A write function whose calls stay open until the test finishes them. */
function controlledWrite() {
  const calls: Array<{ name: string; updates: number[]; finish(err?: Error): void }> = [];
  const write = (name: string, updates: Uint8Array[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push({
        name,
        updates: updates.map((x) => x[0]!),
        finish: (err) => (err ? reject(err) : resolve()),
      });
    });
  return { calls, write };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Waits (a bounded number of event-loop turns) until `check` holds. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await tick();
  expect(check()).toBe(true);
}

describe('UpdateLogWriter', () => {
  it('writes what arrives during a write in one batch after it, in order, and settles each after its write', async () => {
    const { calls, write } = controlledWrite();
    const log = new UpdateLogWriter(write);
    const settled: number[] = [];
    const append = (n: number) => log.append('doc:a', u(n)).then(() => void settled.push(n));

    const first = append(1);
    const rest = [append(2), append(3), append(4)];
    expect(calls.map((c) => c.updates)).toEqual([[1]]);
    expect(log.unsettled('doc:a').map((x) => x[0])).toEqual([1, 2, 3, 4]);

    calls[0]!.finish();
    await first;
    expect(settled).toEqual([1]);
    await until(() => calls.length === 2);
    expect(calls.map((c) => c.updates)).toEqual([[1], [2, 3, 4]]);
    expect(log.unsettled('doc:a').map((x) => x[0])).toEqual([2, 3, 4]);

    calls[1]!.finish();
    await Promise.all(rest);
    expect(settled).toEqual([1, 2, 3, 4]);
    await until(() => log.unsettled('doc:a').length === 0);
  });

  it('keeps documents apart: a slow write of one does not hold another', async () => {
    const { calls, write } = controlledWrite();
    const log = new UpdateLogWriter(write);
    void log.append('doc:a', u(1));
    const b = log.append('doc:b', u(2));
    expect(calls.map((c) => [c.name, c.updates])).toEqual([
      ['doc:a', [1]],
      ['doc:b', [2]],
    ]);
    calls[1]!.finish();
    await expect(b).resolves.toBeUndefined();
    expect(log.unsettled('doc:a').map((x) => x[0])).toEqual([1]);
  });

  it('rejects every update of a failed write, and writes the next ones', async () => {
    const { calls, write } = controlledWrite();
    const log = new UpdateLogWriter(write);
    const first = log.append('doc:a', u(1));
    const second = log.append('doc:a', u(2));
    const third = log.append('doc:a', u(3));
    calls[0]!.finish();
    await first;
    await until(() => calls.length === 2);
    calls[1]!.finish(new Error('database gone'));
    await expect(second).rejects.toThrow('database gone');
    await expect(third).rejects.toThrow('database gone');
    const fourth = log.append('doc:a', u(4));
    await until(() => calls.length === 3);
    expect(calls[2]!.updates).toEqual([4]);
    calls.at(-1)!.finish();
    await expect(fourth).resolves.toBeUndefined();
  });

  it(`writes a queue longer than ${MAX_BATCH} in several batches`, async () => {
    const { calls, write } = controlledWrite();
    const log = new UpdateLogWriter(write);
    const all = Array.from({ length: MAX_BATCH + 2 }, (_, i) => log.append('doc:a', u(i % 256)));
    calls[0]!.finish();
    await until(() => calls.length === 2);
    expect(calls[1]!.updates).toHaveLength(MAX_BATCH);
    calls[1]!.finish();
    await until(() => calls.length === 3);
    expect(calls[2]!.updates).toHaveLength(1);
    calls[2]!.finish();
    await Promise.all(all);
  });
});
