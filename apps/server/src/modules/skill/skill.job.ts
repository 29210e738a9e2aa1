/**
 * The `skill.run` job behind /skill/invoke (definition: jobs/definitions/skill-run.ts): runs a
 * waiting result version with the same engine as the stream. Safe to run twice: only a version
 * still `waiting` starts (markExecuting).
 */
import type { AppContext } from '../../context.js';
import { skillRunJob, type SkillRunPayload } from '../../jobs/definitions/skill-run.js';
import { enqueue, type JobHandler } from '../../jobs/jobs.spec.js';
import { NULL_SINK } from '../../skills/skill.engine.js';
import { findResult, recoverRuns } from '../action/action.repository.js';

export const handleSkillRun: JobHandler<SkillRunPayload> = async (
  { ctx, services },
  { resultId, version },
) => {
  const row = await findResult(ctx.db, resultId, version);
  if (!row || row.status !== 'waiting') return;
  await services.skillEngine.run(row, NULL_SINK);
};

/** Queues a waiting run (once per result version). */
export function enqueueSkillRun(ctx: AppContext, resultId: string, version: number): Promise<void> {
  return enqueue(ctx.queue, skillRunJob, { resultId, version }, { jobId: `${resultId}-${version}` });
}

/**
 * State-based recovery on start: a run left executing with no heartbeat for longer than the idle
 * timeout plus a margin failed with the process that ran it; waiting runs are queued again.
 */
export async function recoverSkillRuns(ctx: AppContext): Promise<number> {
  const staleBefore = new Date(ctx.clock.now() - ctx.config.SKILL_IDLE_TIMEOUT - 30_000);
  const waiting = await recoverRuns(ctx.db, staleBefore);
  for (const { resultId, version } of waiting) await enqueueSkillRun(ctx, resultId, version);
  return waiting.length;
}
