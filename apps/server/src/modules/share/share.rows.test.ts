import { describe, expect, it } from 'vitest';
import { ShareRowCache } from './share.rows.js';

type Row = { id: string; title: string };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ShareRowCache', () => {
  it('reads a row once, absent ids too, until it is cleared', async () => {
    const cache = new ShareRowCache<Row>(10);
    let loads = 0;
    const load = (row: Row | undefined) => async () => {
      loads += 1;
      return row;
    };
    expect(await cache.read('a', load({ id: 'a', title: 'one' }))).toEqual({ id: 'a', title: 'one' });
    expect(await cache.read('a', load({ id: 'a', title: 'two' }))).toEqual({ id: 'a', title: 'one' });
    expect(await cache.read('gone', load(undefined))).toBeUndefined();
    expect(await cache.read('gone', load({ id: 'gone', title: 'x' }))).toBeUndefined();
    expect(loads).toBe(2);
    cache.clear();
    expect(await cache.read('a', load({ id: 'a', title: 'two' }))).toEqual({ id: 'a', title: 'two' });
    expect(await cache.read('gone', load(undefined))).toBeUndefined();
    expect(loads).toBe(4);
  });

  it('does not keep a read that was under way when a write cleared it', async () => {
    const cache = new ShareRowCache<Row>(10);
    const stale = deferred<Row | undefined>();
    const reading = cache.read('a', () => stale.promise);
    cache.clear(); // a revoke finished while the read was in flight
    stale.resolve({ id: 'a', title: 'before the revoke' });
    expect(await reading).toEqual({ id: 'a', title: 'before the revoke' });
    expect(await cache.read('a', async () => undefined)).toBeUndefined();
  });

  it('keeps at most `max` rows, the least recently read going first', async () => {
    const cache = new ShareRowCache<Row>(2);
    const row = (id: string) => async () => ({ id, title: id });
    await cache.read('a', row('a'));
    await cache.read('b', row('b'));
    await cache.read('a', row('a')); // a is now the most recent
    await cache.read('c', row('c')); // b goes
    let reloaded = '';
    const spy = (id: string) => async () => {
      reloaded += id;
      return { id, title: id };
    };
    await cache.read('a', spy('a'));
    await cache.read('c', spy('c'));
    await cache.read('b', spy('b'));
    expect(reloaded).toBe('b');
  });
});
