/**
 * `canvas.duplicate`: copies a canvas's node graph (and, with `duplicateEntities`, the entities
 * its nodes point to) into a copy created as `duplicating`. The handler is
 * modules/canvas/canvas.duplicate.ts; copies left `duplicating` are enqueued again on start
 * (`CanvasService.resumeDuplicates`).
 */
import { z } from 'zod';
import { defineJobSpec } from '../jobs.spec.js';

export const DuplicateCanvasPayloadSchema = z.object({ canvasId: z.string().min(1) });
export type DuplicateCanvasPayload = z.infer<typeof DuplicateCanvasPayloadSchema>;

export const duplicateCanvasJob = defineJobSpec<DuplicateCanvasPayload>({
  name: 'canvas.duplicate',
  payload: DuplicateCanvasPayloadSchema,
  attempts: 3,
  backoffMs: 1000,
  handler: async () => (await import('../../modules/canvas/canvas.duplicate.js')).handleDuplicateCanvas,
  resume:
    async () =>
    ({ services }) =>
      services.canvases.resumeDuplicates(),
});
