/**
 * The `canvas.duplicate` job: `CanvasService.duplicate` creates the copy with status
 * `duplicating` and enqueues it; the job copies the node graph (and, with `duplicateEntities`,
 * the entities nodes point to, through the service's entity copiers, rewriting their
 * `data.entityId`), then sets `ready`, or `duplicate_failed` once its last attempt fails.
 * Everything the job needs is on the copy's row, so a restart re-enqueues canvases still
 * `duplicating` and the job, being "make it so", can run twice.
 */
import { and, eq } from 'drizzle-orm';
import { applySnapshot, type CanvasSnapshot } from '@atelier/canvas';
import { canvasDocName } from '../../collab/index.js';
import { canvases } from '../../db/schema/canvas.js';
import type { DuplicateCanvasPayload } from '../../jobs/definitions/canvas-duplicate.js';
import type { JobDeps, JobHandler } from '../../jobs/jobs.spec.js';
import { AppError } from '../../lib/errors.js';
import { now } from '../../lib/time.js';
import { loadCanvas, type CanvasRow } from './canvas.service.js';

/** Source gone or not the owner's: retrying will not help. */
class PermanentDuplicateError extends Error {}

/** Copies the node graph; with the flag, copies pointed-to entities and rewrites their ids. */
async function copyGraph(deps: JobDeps, copy: CanvasRow): Promise<CanvasSnapshot> {
  const { ctx, services } = deps;
  const source = await loadCanvas(ctx.db, copy.uid, copy.duplicateFrom ?? '').catch((err: unknown) => {
    if (err instanceof AppError) return null;
    throw err;
  });
  if (!source) throw new PermanentDuplicateError(`source canvas ${copy.duplicateFrom} not found`);
  const snapshot = await services.canvases.snapshot(source.canvasId);
  if (!copy.duplicateEntities) return snapshot;
  const copies = new Map<string, string | null>();
  for (const node of snapshot.nodes) {
    const duplicate = services.canvases.copier(node.type);
    const entityId = node.data.entityId;
    if (!duplicate || !entityId) continue;
    const key = `${node.type}:${entityId}`;
    if (!copies.has(key))
      copies.set(key, await duplicate({ uid: copy.uid, entityId, seed: `${copy.canvasId}/${key}` }));
    const copied = copies.get(key);
    if (copied) node.data.entityId = copied;
  }
  return snapshot;
}

export const handleDuplicateCanvas: JobHandler<DuplicateCanvasPayload> = async (deps, { canvasId }, job) => {
  const { ctx } = deps;
  const service = deps.services.canvases;
  const [row] = await ctx.db.select().from(canvases).where(eq(canvases.canvasId, canvasId)).limit(1);
  // Deleted meanwhile, or an earlier run finished: nothing to do.
  if (!row || row.status !== 'duplicating') return;
  const attempt = row.duplicateAttempts + 1;
  await ctx.db.update(canvases).set({ duplicateAttempts: attempt }).where(eq(canvases.canvasId, canvasId));
  try {
    const snapshot = await copyGraph(deps, row);
    await service.collab.write(canvasDocName(canvasId), (doc) => applySnapshot(doc, snapshot));
    const [done] = await ctx.db
      .update(canvases)
      .set({ status: 'ready', duplicateFrom: null, updatedAt: now() })
      .where(and(eq(canvases.canvasId, canvasId), eq(canvases.status, 'duplicating')))
      .returning();
    if (done) service.collab.setReadOnly(canvasDocName(canvasId), done.readOnly);
  } catch (err) {
    const last = err instanceof PermanentDuplicateError || attempt >= job.attempts;
    ctx.log.warn({ err, canvasId, attempt, last }, 'canvas duplication failed');
    if (!last) throw err;
    await ctx.db
      .update(canvases)
      .set({ status: 'duplicate_failed', updatedAt: now() })
      .where(and(eq(canvases.canvasId, canvasId), eq(canvases.status, 'duplicating')));
  }
};
