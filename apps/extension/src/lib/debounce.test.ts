import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_DEBOUNCE_MS, createDebouncer } from './debounce';

describe('createDebouncer', () => {
  it('joins the same message within 300 ms and starts it again after', async () => {
    expect(MESSAGE_DEBOUNCE_MS).toBe(300);
    let time = 1000;
    const run = createDebouncer(MESSAGE_DEBOUNCE_MS, () => time);
    const start = vi.fn(async () => `answer ${start.mock.calls.length}`);

    const first = run('clip', start);
    time += 299;
    const second = run('clip', start);
    expect(second).toBe(first);
    expect(start).toHaveBeenCalledTimes(1);

    time += 1; // 300 ms after the first
    const third = run('clip', start);
    expect(third).not.toBe(first);
    expect(start).toHaveBeenCalledTimes(2);
    expect(await first).toBe('answer 1');
    expect(await third).toBe('answer 2');
  });

  it('keeps different messages apart', () => {
    const run = createDebouncer(MESSAGE_DEBOUNCE_MS, () => 0);
    const start = vi.fn(async () => null);
    void run('a', start);
    void run('b', start);
    expect(start).toHaveBeenCalledTimes(2);
  });
});

describe('createDebouncer for reads', () => {
  it('joins a read that is still running, but asks again once it has answered', async () => {
    const time = 1000;
    const run = createDebouncer(MESSAGE_DEBOUNCE_MS, () => time);
    let state = 'signed in';
    let release: () => void = () => undefined;
    const start = vi.fn(
      () =>
        new Promise<string>((done) => {
          release = () => done(state);
        }),
    );

    const first = run('status', start, 'read');
    const joined = run('status', start, 'read');
    expect(joined).toBe(first);
    expect(start).toHaveBeenCalledTimes(1);
    release();
    expect(await first).toBe('signed in');

    // signed out in another tab, still within 300 ms of the first: the state is read again
    state = 'signed out';
    const again = run('status', start, 'read');
    expect(start).toHaveBeenCalledTimes(2);
    release();
    expect(await again).toBe('signed out');
  });

  it('keeps a write answer for the whole window, even once it has answered', async () => {
    const run = createDebouncer(MESSAGE_DEBOUNCE_MS, () => 0);
    const start = vi.fn(async () => 'one resource');
    const first = run('clip', start);
    await first;
    expect(run('clip', start)).toBe(first);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
