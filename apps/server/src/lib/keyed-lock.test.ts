import { describe, expect, it } from 'vitest';
import { KeyedLock } from './keyed-lock.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('KeyedLock', () => {
  it('runs work of one key one at a time, in call order, and other keys alongside', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const job = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([
      lock.run('a', job('a1')),
      lock.run('a', job('a2')),
      lock.run('b', job('b1')),
    ]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('a1 end')).toBeLessThan(log.indexOf('a2 start'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
    expect(lock.size).toBe(0);
  });

  it('goes on after a failure and passes the failure to its caller only', async () => {
    const lock = new KeyedLock();
    const failed = lock.run('k', async () => {
      await tick();
      throw new Error('boom');
    });
    const after = lock.run('k', async () => 'fine');
    await expect(failed).rejects.toThrow('boom');
    await expect(after).resolves.toBe('fine');
  });
});
