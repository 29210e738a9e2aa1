/**
 * The BullMQ queue against the real Redis named by REDIS_URL (CI sets it; skipped otherwise).
 * Each test uses its own key prefix and deletes its keys afterwards. BullMQ keeps delays and
 * retry backoff in Redis, in real time (the app's clock times only the in-process queue, see
 * jobs.memory.test.ts): "nothing more ran" is checked after `drain`, which resolves once the
 * shared queue has nothing waiting, delayed or active, never after a sleep.
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BullMqQueue, createQueue, defineJob, JobPayloadError, MemoryQueue } from '../src/jobs/index.js';
import { dropRedisKeys, testRedisPrefix } from './helpers/redis.js';
import { startTestServer } from './helpers/server.js';

const REDIS_URL = process.env.REDIS_URL;

interface LogLine {
  level: string;
  msg?: string;
}
function testLog() {
  const lines: LogLine[] = [];
  const at = (level: string) => (_obj: object, msg?: string) => void lines.push({ level, msg });
  return { lines, log: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

const Payload = z.object({ id: z.string().min(1) });

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('createQueue', () => {
  it('is the in-process queue without Redis', async () => {
    const queue = await createQueue({ ROLES: ['api', 'worker'] }, testLog().log);
    expect(queue).toBeInstanceOf(MemoryQueue);
    await queue.close();
  });

  it('warns that an api-only process without Redis never runs its jobs', async () => {
    const { log, lines } = testLog();
    const queue = await createQueue({ ROLES: ['api'] }, log);
    expect(lines.some((l) => l.level === 'warn' && /never run/.test(l.msg ?? ''))).toBe(true);
    await queue.close();
  });
});

describe.skipIf(!REDIS_URL)('BullMqQueue on Redis', () => {
  let redis: Redis;
  const opened: BullMqQueue[] = [];
  const prefixes: string[] = [];

  async function open(prefix: string, log = testLog().log): Promise<BullMqQueue> {
    const queue = await BullMqQueue.open({ redis, log, prefix });
    opened.push(queue);
    return queue;
  }
  function newPrefix(): string {
    const p = testRedisPrefix();
    prefixes.push(p);
    return p;
  }

  beforeAll(() => {
    redis = new Redis(REDIS_URL!, { maxRetriesPerRequest: null });
  });
  afterEach(async () => {
    for (const q of opened.splice(0)) await q.close();
    for (const p of prefixes.splice(0)) await dropRedisKeys(REDIS_URL!, p);
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('retries with exponential backoff, then succeeds', async () => {
    const { log, lines } = testLog();
    const queue = await open(newPrefix(), log);
    const calls: number[] = [];
    queue.define(
      defineJob({
        name: 'flaky',
        payload: Payload,
        attempts: 4,
        backoffMs: 50,
        handle: async () => {
          calls.push(Date.now());
          if (calls.length < 3) throw new Error('not yet');
        },
      }),
    );
    await queue.startWorker();
    await queue.enqueue('flaky', { id: 'a' });
    await waitFor(() => calls.length === 3);
    await queue.drain();
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(45);
    expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(95);
    // drained: no retry is left waiting or delayed
    expect(calls).toHaveLength(3);
    expect(lines.filter((l) => l.msg === 'job failed; will retry')).toHaveLength(2);
  });

  it('gives up after `attempts` tries', async () => {
    const { log, lines } = testLog();
    const queue = await open(newPrefix(), log);
    let calls = 0;
    queue.define(
      defineJob({
        name: 'doomed',
        payload: Payload,
        attempts: 3,
        backoffMs: 10,
        handle: async () => {
          calls += 1;
          throw new Error('always');
        },
      }),
    );
    await queue.startWorker();
    await queue.enqueue('doomed', { id: 'a' });
    await waitFor(() => lines.some((l) => l.msg === 'job failed; giving up'));
    await queue.drain();
    expect(calls).toBe(3);
  });

  it('validates the payload on enqueue and on run (no retry for a payload it cannot read)', async () => {
    const prefix = newPrefix();
    const { log, lines } = testLog();
    const queue = await open(prefix, log);
    let calls = 0;
    queue.define(
      defineJob({
        name: 'strict',
        payload: Payload,
        attempts: 5,
        backoffMs: 10,
        handle: async () => void (calls += 1),
      }),
    );
    await expect(queue.enqueue('strict', { id: '' })).rejects.toBeInstanceOf(JobPayloadError);
    // A payload written by another version of the code, straight into Redis:
    const { Queue } = await import('bullmq');
    const raw = new Queue('jobs', { connection: redis.duplicate(), prefix });
    await raw.add('strict', { wrong: true }, { attempts: 5 });
    await raw.close();
    await queue.startWorker();
    await waitFor(() => lines.some((l) => l.msg === 'job failed; giving up'));
    await queue.drain();
    expect(calls).toBe(0);
    expect(lines.filter((l) => l.msg === 'job failed; will retry')).toHaveLength(0);
  });

  it('dedupes by jobId while pending; the id is free again once done', async () => {
    const queue = await open(newPrefix());
    const seen: string[] = [];
    queue.define(defineJob({ name: 'index', payload: Payload, handle: async (p) => void seen.push(p.id) }));
    await queue.enqueue('index', { id: 'r-1' }, { jobId: 'res:r-1' });
    await queue.enqueue('index', { id: 'r-1' }, { jobId: 'res:r-1' });
    await queue.startWorker();
    await waitFor(() => seen.length === 1);
    // drained: the duplicate is not waiting behind it
    await queue.drain();
    expect(seen).toEqual(['r-1']);
    await queue.enqueue('index', { id: 'r-1' }, { jobId: 'res:r-1' });
    await waitFor(() => seen.length === 2);
  });

  it('an api-only process enqueues; only a worker process consumes', async () => {
    const prefix = newPrefix();
    const api = await open(prefix);
    const worker = await open(prefix);
    const ranIn: string[] = [];
    api.define(defineJob({ name: 'ping', payload: Payload, handle: async () => void ranIn.push('api') }));
    worker.define(
      defineJob({ name: 'ping', payload: Payload, handle: async () => void ranIn.push('worker') }),
    );
    await api.enqueue('ping', { id: '1' }, { delayMs: 10 });
    await api.enqueue('ping', { id: '2' });
    // both are in Redis, and the api process (no worker) has not taken either
    const { Queue } = await import('bullmq');
    const raw = new Queue('jobs', { connection: redis.duplicate(), prefix });
    const counts = await raw.getJobCounts('waiting', 'delayed', 'active', 'completed');
    await raw.close();
    expect(counts).toEqual({ waiting: 1, delayed: 1, active: 0, completed: 0 });
    expect(ranIn).toEqual([]);
    await worker.startWorker();
    await waitFor(() => ranIn.length === 2);
    await api.drain();
    expect(ranIn).toEqual(['worker', 'worker']);
  });

  it('the server uses BullMQ when REDIS_URL is set', async () => {
    // api role only: this test's server must not consume jobs of other processes on the same Redis
    const server = await startTestServer({ REDIS_URL: REDIS_URL!, REDIS_PREFIX: newPrefix(), ROLES: 'api' });
    try {
      expect(server.server.ctx.queue.driver).toBe('bullmq');
      const res = await fetch(`${server.url}/v1/health`);
      expect(((await res.json()) as { data: { roles: string[] } }).data.roles).toEqual(['api']);
    } finally {
      await server.close();
    }
  });
});
