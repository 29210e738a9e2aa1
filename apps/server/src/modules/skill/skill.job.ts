/**
 * The `skill.run` job behind /skill/invoke: runs a waiting result version with the same engine as
 * the stream. Safe to run twice: only a version still `waiting` starts (markExecuting).
 */
import { z } from 'zod';
import type { AppContext, JobDefinition } from '../../context.js';
import { defineJob } from '../../jobs/index.js';
import { NULL_SINK, type SkillEngine } from '../../skills/skill.engine.js';
import { findResult, recoverRuns } from '../action/action.repository.js';

export const SKILL_RUN_JOB = 'skill.run';

const PayloadSchema = z.object({ resultId: z.string().min(1), version: z.number().int().nonnegative() });
export type SkillRunPayload = z.infer<typeof PayloadSchema>;

export function skillRunJob(ctx: AppContext, engine: SkillEngine): JobDefinition<SkillRunPayload> {
  return defineJob<SkillRunPayload>({
    name: SKILL_RUN_JOB,
    payload: PayloadSchema,
    // A run records its own failure; retrying would answer the question twice.
    attempts: 1,
    handle: async ({ resultId, version }) => {
      const row = await findResult(ctx.db, resultId, version);
      if (!row || row.status !== 'waiting') return;
      await engine.run(row, NULL_SINK);
    },
  });
}

/**
 * State-based recovery on start: a run left executing with no heartbeat for longer than the idle
 * timeout plus a margin failed with the process that ran it; waiting runs are queued again.
 */
export async function recoverSkillRuns(ctx: AppContext): Promise<number> {
  const staleBefore = new Date(Date.now() - ctx.config.SKILL_IDLE_TIMEOUT - 30_000);
  const waiting = await recoverRuns(ctx.db, staleBefore);
  for (const { resultId, version } of waiting) {
    await ctx.queue.enqueue(SKILL_RUN_JOB, { resultId, version }, { jobId: `${resultId}-${version}` });
  }
  return waiting.length;
}
