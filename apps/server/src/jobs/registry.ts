/**
 * Every job of the application, in one place. All processes define every job (enqueueing checks
 * the payload against its definition); only the worker role consumes them and, on start,
 * enqueues again what an earlier process left unfinished. A new job: add a file under
 * `definitions/` and one line to `JOBS` below.
 */
import { duplicateCanvasJob } from './definitions/canvas-duplicate.js';
import { ingestResourceJob } from './definitions/resource-ingest.js';
import { skillRunJob } from './definitions/skill-run.js';
import { defineJob } from './jobs.define.js';
import type { JobDeps, JobSpec } from './jobs.spec.js';

interface RegisteredJob {
  spec: Pick<JobSpec<unknown>, 'name' | 'resume'>;
  /** Registers the definition with the server's queue; the handler runs with these deps. */
  define(deps: JobDeps): void;
}

function register<P>(spec: JobSpec<P>): RegisteredJob {
  return {
    spec,
    define: (deps) =>
      deps.ctx.queue.define(
        defineJob<P>({
          name: spec.name,
          payload: spec.payload,
          attempts: spec.attempts,
          backoffMs: spec.backoffMs,
          handle: async (payload) => (await spec.handler())(deps, payload, { attempts: spec.attempts }),
        }),
      ),
  };
}

export const JOBS: readonly RegisteredJob[] = [
  register(ingestResourceJob),
  register(duplicateCanvasJob),
  register(skillRunJob),
];

/** Registers every job with the queue (every role: enqueue validates against the definition). */
export function defineJobs(deps: JobDeps): void {
  for (const job of JOBS) job.define(deps);
}

/**
 * The worker role: resumes unfinished work of every job (in the background, logged), then starts
 * consuming. Resolves once the queue consumes.
 */
export async function startWorkerRole(deps: JobDeps): Promise<void> {
  const { log } = deps.ctx;
  for (const { spec } of JOBS) {
    if (!spec.resume) continue;
    spec
      .resume()
      .then((resume) => resume(deps))
      .then((count) => {
        if (count > 0) log.info({ job: spec.name, count }, 'resumed unfinished jobs');
      })
      .catch((err: unknown) => log.warn({ err, job: spec.name }, 'could not resume unfinished jobs'));
  }
  await deps.ctx.queue.startWorker();
}
