/**
 * The lease of a running skill: its engine beats every SKILL_ABORT_POLL (action.repository
 * `heartbeat`); a run whose last beat is older than SKILL_RUN_LEASE has lost its worker and fails
 * ('interrupted'). Light on purpose (no engine, no AI SDK): server.ts starts the sweep on the
 * worker role's start path.
 */
import type { AppContext } from '../../context.js';
import { now } from '../../lib/time.js';
import { failStaleRuns } from '../action/action.repository.js';

/**
 * Fails the runs whose lease ran out. The beats are
 * real-time bookkeeping stamps (lib/time.ts `now`), so the lease is judged in real time too: a
 * test that moves the app's clock never makes a live run look lost.
 */
export function failLostRuns(ctx: AppContext): Promise<number> {
  return failStaleRuns(ctx.db, new Date(now().getTime() - ctx.config.SKILL_RUN_LEASE));
}

/**
 * The worker role's sweep: every third of the lease, runs whose worker stopped beating fail, so a
 * run killed with its process is settled within the lease and a third, however quickly the
 * process came back (or on another instance, when one of several died). Answers the stop.
 */
export function watchSkillRuns(ctx: AppContext): () => void {
  let sweeping = false;
  const timer = setInterval(
    () => {
      if (sweeping) return;
      sweeping = true;
      failLostRuns(ctx)
        .then((count) => {
          if (count > 0) ctx.log.info({ count }, 'skill runs whose worker is gone failed (interrupted)');
        })
        .catch((err: unknown) => ctx.log.warn({ err }, 'could not look for lost skill runs'))
        .finally(() => (sweeping = false));
    },
    Math.max(250, Math.floor(ctx.config.SKILL_RUN_LEASE / 3)),
  );
  timer.unref();
  return () => clearInterval(timer);
}
