/**
 * Typed job definitions as the application writes them: one file each under `jobs/definitions/`
 * with a zod payload, attempts and backoff, and a handler loaded on first run (dynamic import, so
 * heavy modules stay off the start path). `enqueue(queue, job, payload)` is typed by the
 * definition; `jobs/registry.ts` turns every definition into the queue drivers' JobDefinition.
 */
import type { z } from 'zod';
import type { AppContext, EnqueueOptions, JobQueue } from '../context.js';
import type { Services } from '../services.js';

/** What a handler runs with: the server's context and the composition root's services. */
export interface JobDeps {
  ctx: AppContext;
  services: Services;
}

/** `job.attempts` is the definition's total tries, so a handler can tell its last one. */
export type JobHandler<P> = (deps: JobDeps, payload: P, job: { attempts: number }) => Promise<void>;

export interface JobSpec<P> {
  /** Stable: BullMQ jobs queued by an earlier version are found by this name. */
  readonly name: string;
  readonly payload: z.ZodType<P>;
  /** Total tries including the first. */
  readonly attempts: number;
  /** Delay before the first retry; doubles on each further retry. */
  readonly backoffMs: number;
  /** Loads the handler (a dynamic import); called on each run, cached by the module loader. */
  readonly handler: () => Promise<JobHandler<P>>;
  /**
   * State-based recovery when the worker role starts: enqueues again what an earlier process left
   * unfinished (the in-process queue forgets on exit). Answers how many it enqueued.
   */
  readonly resume?: () => Promise<(deps: JobDeps) => Promise<number>>;
}

export function defineJobSpec<P>(spec: JobSpec<P>): JobSpec<P> {
  return spec;
}

/** Enqueues a job of this definition; the payload is checked against its schema. */
export function enqueue<P>(
  queue: JobQueue,
  job: JobSpec<P>,
  payload: P,
  opts?: EnqueueOptions,
): Promise<void> {
  return queue.enqueue(job.name, payload, opts);
}
