/**
 * `version.prune`: removes automatic versions older than VERSION_RETENTION_DAYS (named and restore
 * versions stay), with the bases no version needs any more. Runs when the worker starts and then
 * once a day on the app clock; each run enqueues the next under that day's id, so a run twice
 * (a retry, two workers) prunes nothing more and queues one next run.
 */
import { z } from 'zod';
import { enqueue, defineJobSpec, type JobDeps } from '../jobs.spec.js';

export const PruneVersionsPayloadSchema = z.object({});
export type PruneVersionsPayload = z.infer<typeof PruneVersionsPayloadSchema>;

const DAY_MS = 24 * 60 * 60_000;

export const pruneVersionsJob = defineJobSpec<PruneVersionsPayload>({
  name: 'version.prune',
  payload: PruneVersionsPayloadSchema,
  attempts: 3,
  backoffMs: 60_000,
  handler: async () => handlePruneVersions,
  resume:
    async () =>
    async ({ ctx }) => {
      await enqueue(ctx.queue, pruneVersionsJob, {}, { jobId: `version.prune:start:${ctx.startedAt}` });
      return 0;
    },
});

async function handlePruneVersions({ ctx, services }: JobDeps): Promise<void> {
  const count = await services.versions.pruneExpired();
  if (count > 0) ctx.log.info({ count }, 'pruned automatic versions past their retention');
  const nextDay = Math.floor(ctx.clock.now() / DAY_MS) + 1;
  await enqueue(
    ctx.queue,
    pruneVersionsJob,
    {},
    {
      jobId: `version.prune:${nextDay}`,
      delayMs: nextDay * DAY_MS - ctx.clock.now(),
    },
  );
}
