/**
 * The `skill.run` job behind /skill/invoke (definition: jobs/definitions/skill-run.ts): runs a
 * waiting result version with the same engine as the stream. Safe to run twice: only a version
 * still `waiting` starts (markExecuting).
 */
import type { AppContext } from '../../context.js';
import { skillRunJob, type SkillRunPayload } from '../../jobs/definitions/skill-run.js';
import { enqueue, type JobHandler } from '../../jobs/jobs.spec.js';
import { NULL_SINK } from '../../skills/skill.engine.js';
import { findResult, waitingRuns } from '../action/action.repository.js';
import { failLostRuns } from './skill.lease.js';

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
 * State-based recovery when the worker role starts: runs left executing by a process that is gone
 * fail (once their lease has run out; `watchSkillRuns` takes the ones still inside it), and
 * waiting runs are queued again (the in-process queue forgot them).
 */
export async function recoverSkillRuns(ctx: AppContext): Promise<number> {
  await failLostRuns(ctx);
  const waiting = await waitingRuns(ctx.db);
  for (const { resultId, version } of waiting) await enqueueSkillRun(ctx, resultId, version);
  return waiting.length;
}
