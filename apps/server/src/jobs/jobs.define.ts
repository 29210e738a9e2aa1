/**
 * Typed job definitions shared by both queue adapters: defaults, payload validation (on enqueue
 * and again on run), dedupe keys and the exponential backoff schedule.
 *
 * Handlers must be safe to run twice for the same payload: a worker can die after the work is
 * done but before the job is marked complete (BullMQ then re-runs it after its lock expires), and
 * a retry re-runs a handler that failed half-way. Write handlers as "make it so" (upserts, state
 * checks such as "only if still wait_parse"), never as "do it once more".
 */
import type { z } from 'zod';
import type { JobDefinition } from '../context.js';

export interface JobLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export class UnknownJobError extends Error {
  constructor(readonly jobName: string) {
    super(`No job is defined with the name '${jobName}'`);
    this.name = 'UnknownJobError';
  }
}

export class JobPayloadError extends Error {
  constructor(
    readonly jobName: string,
    readonly issues: z.ZodError['issues'],
  ) {
    const first = issues[0];
    super(
      `Invalid payload for job '${jobName}': ${first ? `${first.path.join('.') || 'payload'}: ${first.message}` : 'invalid'}`,
    );
    this.name = 'JobPayloadError';
  }
}

/** Defaults: 3 attempts, first retry after 1 s (then 2 s, 4 s…). */
export function defineJob<P>(
  def: Omit<JobDefinition<P>, 'attempts' | 'backoffMs'> &
    Partial<Pick<JobDefinition<P>, 'attempts' | 'backoffMs'>>,
): JobDefinition<P> {
  const attempts = def.attempts ?? 3;
  const backoffMs = def.backoffMs ?? 1000;
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(def.name))
    throw new Error(`Job name '${def.name}' must be letters, digits, . _ -`);
  if (!Number.isInteger(attempts) || attempts < 1) throw new Error(`Job '${def.name}': attempts must be ≥ 1`);
  if (!Number.isFinite(backoffMs) || backoffMs < 0)
    throw new Error(`Job '${def.name}': backoffMs must be ≥ 0`);
  return { ...def, attempts, backoffMs };
}

/** Validates a payload; returns the parsed value or throws JobPayloadError. */
export function parsePayload<P>(def: JobDefinition<P>, payload: unknown): P {
  const result = def.payload.safeParse(payload);
  if (!result.success) throw new JobPayloadError(def.name, result.error.issues);
  return result.data;
}

/** Delay before the retry that follows failed attempt number `attempt` (1-based): backoff · 2^(attempt-1). */
export function backoffDelay(def: Pick<JobDefinition, 'backoffMs'>, attempt: number): number {
  return def.backoffMs * 2 ** Math.max(0, attempt - 1);
}

/** Dedupe ids are per job name, so two kinds of job may use the same business id. */
export function dedupeKey(name: string, jobId: string): string {
  return `${name}/${jobId}`;
}

/** A registry of definitions; the erased type is restored by parsePayload at run time. */
export class JobRegistry {
  private readonly defs = new Map<string, JobDefinition<unknown>>();

  add<P>(def: JobDefinition<P>): void {
    if (this.defs.has(def.name)) throw new Error(`Job '${def.name}' is defined twice`);
    this.defs.set(def.name, def as unknown as JobDefinition<unknown>);
  }

  get(name: string): JobDefinition<unknown> {
    const def = this.defs.get(name);
    if (!def) throw new UnknownJobError(name);
    return def;
  }

  has(name: string): boolean {
    return this.defs.has(name);
  }
}
