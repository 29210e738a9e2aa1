/**
 * `skill.run`: runs a waiting result version of /skill/invoke with the same engine as the stream.
 * The handler is modules/skill/skill.job.ts; waiting runs are enqueued again on start and runs
 * left executing without a heartbeat are marked failed.
 */
import { z } from 'zod';
import { defineJobSpec } from '../jobs.spec.js';

export const SkillRunPayloadSchema = z.object({
  resultId: z.string().min(1),
  version: z.number().int().nonnegative(),
});
export type SkillRunPayload = z.infer<typeof SkillRunPayloadSchema>;

export const skillRunJob = defineJobSpec<SkillRunPayload>({
  name: 'skill.run',
  payload: SkillRunPayloadSchema,
  // A run records its own failure; retrying would answer the question twice.
  attempts: 1,
  backoffMs: 1000,
  handler: async () => (await import('../../modules/skill/skill.job.js')).handleSkillRun,
  resume: async () => {
    const { recoverSkillRuns } = await import('../../modules/skill/skill.job.js');
    return ({ ctx }) => recoverSkillRuns(ctx);
  },
});
