/**
 * `resource.ingest`: parses and indexes one version of a resource (wait_parse → wait_index →
 * finish). The handler is modules/resource/resource.ingest.ts; resources left waiting are
 * enqueued again when the worker starts.
 */
import { z } from 'zod';
import { defineJobSpec } from '../jobs.spec.js';

export const IngestPayloadSchema = z.object({ resourceId: z.string().min(1), version: z.number().int() });
export type IngestPayload = z.infer<typeof IngestPayloadSchema>;

export const ingestResourceJob = defineJobSpec<IngestPayload>({
  name: 'resource.ingest',
  payload: IngestPayloadSchema,
  attempts: 3,
  backoffMs: 1000,
  handler: async () => (await import('../../modules/resource/resource.ingest.js')).handleIngest,
  resume: async () => {
    const { resumeIngestion } = await import('../../modules/resource/resource.ingest.js');
    return ({ ctx, services }) => resumeIngestion(ctx, services.resources);
  },
});
