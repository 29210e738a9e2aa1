/**
 * The BullMQ queue (when REDIS_URL is set): jobs persist in Redis and are shared by every process.
 * Any process may enqueue; only processes with the worker role consume (startWorker). BullMQ gets
 * its own connections, duplicated from the server's client, so closing it never closes the
 * client the rate limiter and collab share.
 */
import type * as BullMqModule from 'bullmq';
import type { Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { EnqueueOptions, JobDefinition, JobQueue } from '../context.js';
import { sleep } from '../lib/time.js';
import {
  JobPayloadError,
  JobRegistry,
  UnknownJobError,
  dedupeKey,
  parsePayload,
  type JobLogger,
} from './jobs.define.js';

type BullMq = typeof BullMqModule;

export interface BullMqQueueOptions {
  /** A client with maxRetriesPerRequest: null; BullMQ duplicates it and never closes it. */
  redis: Redis;
  log: JobLogger;
  /** Redis key prefix (default `atelier`); tests use a unique one each. */
  prefix?: string;
  queueName?: string;
  concurrency?: number;
}

/** BullMQ refuses ':' in custom ids (it reserves them for repeatable jobs); keep ids readable otherwise. */
export function bullJobId(name: string, jobId: string): string {
  return dedupeKey(name, jobId).replace(/[:%]/g, (c) => encodeURIComponent(c));
}

export class BullMqQueue implements JobQueue {
  readonly driver = 'bullmq' as const;
  private readonly registry = new JobRegistry();
  private readonly queue: Queue;
  private readonly queueConnection: Redis;
  private worker: Worker | null = null;
  private workerConnection: Redis | null = null;
  private closed = false;

  private constructor(
    private readonly bull: BullMq,
    private readonly opts: BullMqQueueOptions & { prefix: string; queueName: string },
  ) {
    this.queueConnection = opts.redis.duplicate();
    this.queue = new bull.Queue(opts.queueName, { connection: this.queueConnection, prefix: opts.prefix });
    this.queue.on('error', (err: Error) => opts.log.error({ err }, 'job queue connection error'));
  }

  static async open(opts: BullMqQueueOptions): Promise<BullMqQueue> {
    // loaded only with REDIS_URL (the in-process queue needs none of it)
    const bull = await import('bullmq');
    const queue = new BullMqQueue(bull, {
      ...opts,
      prefix: opts.prefix ?? 'atelier',
      queueName: opts.queueName ?? 'jobs',
    });
    await queue.queue.waitUntilReady();
    return queue;
  }

  define<P>(def: JobDefinition<P>): void {
    this.registry.add(def);
  }

  async enqueue<P>(name: string, payload: P, opts: EnqueueOptions = {}): Promise<void> {
    if (this.closed) throw new Error('The job queue is closed');
    const def = this.registry.get(name);
    parsePayload(def, payload);
    // With a jobId BullMQ ignores an add while a job of that id exists; completed and failed jobs
    // are removed, so the id is free again once the job is done (as in the in-process queue).
    await this.queue.add(name, payload, {
      ...(opts.jobId ? { jobId: bullJobId(name, opts.jobId) } : {}),
      ...(opts.delayMs && opts.delayMs > 0 ? { delay: opts.delayMs } : {}),
      attempts: def.attempts,
      backoff: { type: 'exponential', delay: def.backoffMs },
      removeOnComplete: true,
      removeOnFail: true,
    });
  }

  async startWorker(): Promise<void> {
    if (this.closed) throw new Error('The job queue is closed');
    if (this.worker) return;
    const { log } = this.opts;
    this.workerConnection = this.opts.redis.duplicate();
    const worker = new this.bull.Worker(this.opts.queueName, (job: Job) => this.process(job), {
      // BullMQ duplicates this connection again for its blocking reads and closes that one itself.
      connection: this.workerConnection,
      prefix: this.opts.prefix,
      concurrency: this.opts.concurrency ?? 4,
    });
    worker.on('failed', (job: Job | undefined, err: Error) => {
      if (!job) return log.error({ err }, 'job failed');
      const willRetry =
        !(err instanceof this.bull.UnrecoverableError) && job.attemptsMade < (job.opts.attempts ?? 1);
      if (willRetry) log.warn({ err, job: job.name, attempt: job.attemptsMade }, 'job failed; will retry');
      else log.error({ err, job: job.name, attempts: job.attemptsMade }, 'job failed; giving up');
    });
    worker.on('error', (err: Error) => log.error({ err }, 'job worker error'));
    this.worker = worker;
    await worker.waitUntilReady();
  }

  /** Waits until the shared queue has nothing waiting, delayed or active (any process's jobs). */
  async drain(): Promise<void> {
    for (;;) {
      const counts = await this.queue.getJobCounts(
        'waiting',
        'active',
        'delayed',
        'prioritized',
        'waiting-children',
      );
      if (Object.values(counts).every((n) => n === 0)) return;
      await sleep(25);
    }
  }

  /** Active jobs finish first (worker.close waits for them); jobs still queued stay in Redis. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.worker) await this.worker.close();
    await this.queue.close();
    for (const conn of [this.workerConnection, this.queueConnection]) {
      if (conn && conn.status !== 'end') await conn.quit().catch(() => conn.disconnect());
    }
  }

  private async process(job: Job): Promise<void> {
    let def: JobDefinition<unknown>;
    let payload: unknown;
    try {
      def = this.registry.get(job.name);
      payload = parsePayload(def, job.data);
    } catch (err) {
      // An unknown name or a payload this version cannot read will not get better by retrying.
      if (err instanceof UnknownJobError || err instanceof JobPayloadError)
        throw new this.bull.UnrecoverableError(err.message);
      throw err;
    }
    await def.handle(payload);
  }
}
