import { describe, expect, it, vi } from 'vitest';
import { TestClock } from '../lib/clock.js';
import { z } from 'zod';
import { defineJob, JobPayloadError, UnknownJobError } from './jobs.define.js';
import { MemoryQueue } from './jobs.memory.js';

interface LogLine {
  level: string;
  obj: object;
  msg?: string;
}

function testLog() {
  const lines: LogLine[] = [];
  const at = (level: string) => (obj: object, msg?: string) => void lines.push({ level, obj, msg });
  return { lines, log: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

const Payload = z.object({ id: z.string().min(1) });

describe('MemoryQueue', () => {
  it('retries a failing job with exponential backoff, then succeeds', async () => {
    const { log, lines } = testLog();
    const queue = new MemoryQueue({ log });
    const calls: number[] = [];
    queue.define(
      defineJob({
        name: 'flaky',
        payload: Payload,
        attempts: 4,
        backoffMs: 20,
        handle: async () => {
          calls.push(Date.now());
          if (calls.length < 3) throw new Error('not yet');
        },
      }),
    );
    await queue.startWorker();
    await queue.enqueue('flaky', { id: 'a' });
    await queue.drain();
    expect(calls).toHaveLength(3);
    // 20 ms before the first retry, 40 ms before the second (timers may fire a little early)
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(18);
    expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(38);
    expect(lines.filter((l) => l.msg === 'job failed; will retry')).toHaveLength(2);
    expect(lines.some((l) => l.level === 'error')).toBe(false);
    await queue.close();
  });

  it('gives up after `attempts` tries and logs the failure', async () => {
    const { log, lines } = testLog();
    const queue = new MemoryQueue({ log });
    let calls = 0;
    queue.define(
      defineJob({
        name: 'doomed',
        payload: Payload,
        attempts: 3,
        backoffMs: 1,
        handle: async () => {
          calls += 1;
          throw new Error('always');
        },
      }),
    );
    await queue.startWorker();
    await queue.enqueue('doomed', { id: 'a' });
    await queue.drain();
    expect(calls).toBe(3);
    expect(lines.filter((l) => l.msg === 'job failed; giving up')).toHaveLength(1);
    await queue.close();
  });

  it('validates the payload on enqueue and never runs an invalid one', async () => {
    const queue = new MemoryQueue({ log: testLog().log });
    let calls = 0;
    queue.define(defineJob({ name: 'strict', payload: Payload, handle: async () => void (calls += 1) }));
    await queue.startWorker();
    await expect(queue.enqueue('strict', { id: '' })).rejects.toBeInstanceOf(JobPayloadError);
    await expect(queue.enqueue('strict', { nope: 1 })).rejects.toThrow(
      /Invalid payload for job 'strict': id:/,
    );
    await expect(queue.enqueue('missing', {})).rejects.toBeInstanceOf(UnknownJobError);
    await queue.drain();
    expect(calls).toBe(0);
    await queue.close();
  });

  it('validates the payload again on run, and does not retry one that fails there', async () => {
    const { log, lines } = testLog();
    const queue = new MemoryQueue({ log });
    let accept = true;
    let calls = 0;
    const received: unknown[] = [];
    queue.define(
      defineJob({
        name: 'rechecked',
        payload: z.object({ n: z.coerce.number() }).refine(() => accept, 'rejected on run'),
        attempts: 5,
        backoffMs: 1,
        handle: async (p) => {
          calls += 1;
          received.push(p);
        },
      }),
    );
    await queue.enqueue('rechecked', { n: '1' });
    await queue.enqueue('rechecked', { n: '2' });
    accept = false;
    await queue.startWorker();
    await queue.drain();
    expect(calls).toBe(0);
    expect(lines.filter((l) => l.msg === 'job failed; giving up')).toHaveLength(2);
    accept = true;
    await queue.enqueue('rechecked', { n: '3' });
    await queue.drain();
    // the handler gets the parsed payload
    expect(received).toEqual([{ n: 3 }]);
    await queue.close();
  });

  it('runs a job with a given jobId once while it is pending, and again once it is done', async () => {
    const queue = new MemoryQueue({ log: testLog().log });
    const seen: string[] = [];
    queue.define(defineJob({ name: 'index', payload: Payload, handle: async (p) => void seen.push(p.id) }));
    queue.define(
      defineJob({ name: 'parse', payload: Payload, handle: async (p) => void seen.push(`parse:${p.id}`) }),
    );
    await queue.enqueue('index', { id: 'r-1' }, { jobId: 'r-1' });
    await queue.enqueue('index', { id: 'r-1' }, { jobId: 'r-1' });
    // the same id under another job name is another job
    await queue.enqueue('parse', { id: 'r-1' }, { jobId: 'r-1' });
    await queue.startWorker();
    await queue.drain();
    expect(seen.sort()).toEqual(['parse:r-1', 'r-1']);
    await queue.enqueue('index', { id: 'r-1' }, { jobId: 'r-1' });
    await queue.drain();
    expect(seen).toHaveLength(3);
    await queue.close();
  });

  it('runs nothing until the worker role starts (an api-only process only enqueues)', async () => {
    const queue = new MemoryQueue({ log: testLog().log });
    let calls = 0;
    queue.define(defineJob({ name: 'later', payload: Payload, handle: async () => void (calls += 1) }));
    await queue.enqueue('later', { id: 'a' });
    await queue.drain(); // resolves at once: this process runs no jobs
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toBe(0);
    await queue.startWorker();
    await queue.drain();
    expect(calls).toBe(1);
    await queue.close();
  });

  it('honours delayMs and bounded concurrency', async () => {
    const queue = new MemoryQueue({ log: testLog().log, concurrency: 2 });
    let active = 0;
    let maxActive = 0;
    const started: number[] = [];
    queue.define(
      defineJob({
        name: 'slow',
        payload: Payload,
        handle: async () => {
          started.push(Date.now());
          active += 1;
          maxActive = Math.max(maxActive, active);
          await new Promise((r) => setTimeout(r, 15));
          active -= 1;
        },
      }),
    );
    await queue.startWorker();
    const t0 = Date.now();
    await queue.enqueue('slow', { id: 'delayed' }, { delayMs: 60 });
    for (let i = 0; i < 5; i++) await queue.enqueue('slow', { id: String(i) });
    await queue.drain();
    expect(maxActive).toBe(2);
    expect(started).toHaveLength(6);
    expect(Math.max(...started) - t0).toBeGreaterThanOrEqual(55);
    await queue.close();
  });

  it('close lets the running job finish, drops pending ones and refuses new ones', async () => {
    const { log, lines } = testLog();
    const queue = new MemoryQueue({ log, concurrency: 1 });
    let finished = 0;
    queue.define(
      defineJob({
        name: 'work',
        payload: Payload,
        handle: async () => {
          await new Promise((r) => setTimeout(r, 30));
          finished += 1;
        },
      }),
    );
    await queue.startWorker();
    await queue.enqueue('work', { id: '1' });
    await queue.enqueue('work', { id: '2' });
    await queue.close();
    expect(finished).toBe(1);
    expect(lines.some((l) => l.msg === 'in-process job queue closed with pending jobs')).toBe(true);
    await expect(queue.enqueue('work', { id: '3' })).rejects.toThrow('closed');
  });

  it('refuses bad definitions', () => {
    const queue = new MemoryQueue({ log: testLog().log });
    const def = defineJob({ name: 'once', payload: Payload, handle: async () => undefined });
    queue.define(def);
    expect(() => queue.define(def)).toThrow('defined twice');
    expect(() => defineJob({ name: 'bad name', payload: Payload, handle: async () => undefined })).toThrow();
    expect(() =>
      defineJob({ name: 'x', payload: Payload, attempts: 0, handle: async () => undefined }),
    ).toThrow();
  });
});

describe('MemoryQueue on a TestClock', () => {
  it('runs a delayed job and a retry when the clock is advanced past them, not before', async () => {
    const clock = new TestClock();
    const queue = new MemoryQueue({ log: testLog().log, clock });
    const runs: string[] = [];
    queue.define(
      defineJob({
        name: 'later',
        payload: Payload,
        attempts: 2,
        backoffMs: 60_000,
        handle: async (p) => {
          runs.push(p.id);
          if (p.id === 'flaky' && runs.filter((r) => r === 'flaky').length === 1) throw new Error('once');
        },
      }),
    );
    await queue.startWorker();
    await queue.enqueue('later', { id: 'delayed' }, { delayMs: 3_600_000 });
    await queue.enqueue('later', { id: 'flaky' });
    // the first try of 'flaky' fails and schedules its retry a minute ahead: two timers pending
    await vi.waitFor(() => expect(clock.pendingTimers).toBe(2));
    expect(runs).toEqual(['flaky']);
    clock.advance(59_000);
    expect(clock.pendingTimers).toBe(2);
    clock.advance(1_000);
    await vi.waitFor(() => expect(runs).toEqual(['flaky', 'flaky']));
    expect(clock.pendingTimers).toBe(1);
    clock.advance(3_600_000);
    await queue.drain();
    expect(runs).toEqual(['flaky', 'flaky', 'delayed']);
    await queue.close();
  });
});
