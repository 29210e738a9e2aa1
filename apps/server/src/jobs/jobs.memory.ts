/**
 * The in-process queue (default without REDIS_URL): jobs live in this process's memory, run with
 * bounded concurrency once the worker role starts, retry with exponential backoff and dedupe by
 * jobId while pending. Nothing survives a restart: work that must not be lost is recovered from
 * database state on start (e.g. resources still in wait_parse are enqueued again).
 */
import type { EnqueueOptions, JobDefinition, JobQueue } from '../context.js';
import { systemClock, type Clock } from '../lib/clock.js';
import {
  JobRegistry,
  backoffDelay,
  dedupeKey,
  parsePayload,
  JobPayloadError,
  type JobLogger,
} from './jobs.define.js';

interface PendingJob {
  name: string;
  payload: unknown;
  key: string | null;
  /** Attempts made so far. */
  attempts: number;
}

export interface MemoryQueueOptions {
  log: JobLogger;
  /** Jobs run at once (default 4). */
  concurrency?: number;
  /** Times delayed jobs and retry backoff (the app's clock; the system clock by default). */
  clock?: Clock;
}

export class MemoryQueue implements JobQueue {
  readonly driver = 'memory' as const;
  private readonly registry = new JobRegistry();
  private readonly log: JobLogger;
  private readonly concurrency: number;
  private readonly ready: PendingJob[] = [];
  private readonly clock: Clock;
  /** Delayed jobs and their cancel functions. */
  private readonly timers = new Map<PendingJob, () => void>();
  private readonly running = new Map<PendingJob, Promise<void>>();
  private readonly keys = new Set<string>();
  private idleWaiters: Array<() => void> = [];
  private working = false;
  private closed = false;

  constructor(opts: MemoryQueueOptions) {
    this.log = opts.log;
    this.concurrency = Math.max(1, opts.concurrency ?? 4);
    this.clock = opts.clock ?? systemClock;
  }

  define<P>(def: JobDefinition<P>): void {
    this.registry.add(def);
  }

  async enqueue<P>(name: string, payload: P, opts: EnqueueOptions = {}): Promise<void> {
    if (this.closed) throw new Error('The job queue is closed');
    parsePayload(this.registry.get(name), payload);
    const key = opts.jobId ? dedupeKey(name, opts.jobId) : null;
    if (key && this.keys.has(key)) return;
    if (key) this.keys.add(key);
    const job: PendingJob = { name, payload, key, attempts: 0 };
    if (opts.delayMs && opts.delayMs > 0) this.schedule(job, opts.delayMs);
    else this.ready.push(job);
    this.pump();
  }

  async startWorker(): Promise<void> {
    if (this.closed) throw new Error('The job queue is closed');
    this.working = true;
    this.pump();
  }

  /** Waits until nothing is queued, delayed or running. Without a worker nothing runs here, so it resolves at once. */
  drain(): Promise<void> {
    if (!this.working || this.idle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Lets running jobs finish; queued and delayed jobs are dropped (logged). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.working = false;
    const dropped = this.ready.length + this.timers.size;
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
    this.ready.length = 0;
    if (dropped) this.log.warn({ dropped }, 'in-process job queue closed with pending jobs');
    await Promise.all(this.running.values());
    this.notifyIdle();
  }

  private idle(): boolean {
    return this.ready.length === 0 && this.timers.size === 0 && this.running.size === 0;
  }

  private notifyIdle(): void {
    if (!this.idle() && !this.closed) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private schedule(job: PendingJob, delayMs: number): void {
    // The clock's timers are unref'd: a delayed job does not keep a finished process alive.
    const cancel = this.clock.timeout(() => {
      this.timers.delete(job);
      this.ready.push(job);
      this.pump();
    }, delayMs);
    this.timers.set(job, cancel);
  }

  private pump(): void {
    while (this.working && this.running.size < this.concurrency && this.ready.length) {
      const job = this.ready.shift()!;
      const run = this.run(job).finally(() => {
        this.running.delete(job);
        this.pump();
        this.notifyIdle();
      });
      this.running.set(job, run);
    }
  }

  private async run(job: PendingJob): Promise<void> {
    job.attempts += 1;
    const def = this.registry.get(job.name);
    try {
      // Validated again on run: the same rule as the BullMQ adapter, where a payload may have
      // been written by an older version of the code.
      const payload = parsePayload(def, job.payload);
      await def.handle(payload);
      this.release(job);
    } catch (err) {
      const permanent = err instanceof JobPayloadError;
      if (!permanent && job.attempts < def.attempts && !this.closed) {
        const delay = backoffDelay(def, job.attempts);
        this.log.warn(
          { err, job: job.name, attempt: job.attempts, retryInMs: delay },
          'job failed; will retry',
        );
        this.schedule(job, delay);
        return;
      }
      this.log.error({ err, job: job.name, attempts: job.attempts }, 'job failed; giving up');
      this.release(job);
    }
  }

  private release(job: PendingJob): void {
    if (job.key) this.keys.delete(job.key);
  }
}
