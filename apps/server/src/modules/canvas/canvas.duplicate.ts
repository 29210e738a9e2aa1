/**
 * Canvas duplication as a job, and the registry through which other modules copy the entities
 * canvas nodes point to.
 *
 * `POST /canvas/duplicate` creates the copy with status `duplicating` and enqueues
 * `canvas.duplicate`; the job copies the node graph (and, with `duplicateEntities`, the entities
 * nodes point to, rewriting their `data.entityId`), then sets `ready`, or `duplicate_failed` once
 * its last attempt fails. Everything the job needs is on the copy's row, so a restart re-enqueues
 * canvases still `duplicating` and the job, being "make it so", can run twice.
 *
 * Entity copying: a module that owns an entity type calls
 * `registerEntityDuplicator('resource', copyResource)` once (from the composition root). The
 * function receives the owner's uid, the entity id and a `seed` that is the same on every retry;
 * it copies the entity only if `uid` owns it, and should derive the copy's id from the seed
 * (`stableId('resource', seed)`) and insert with "on conflict do nothing", so a retried job finds
 * its earlier copy instead of making a second one. It answers the copy's id, or null to leave the
 * node pointing at the original (not found, not owned). Types without a duplicator are kept as
 * they are. Registered today: document (modules/document).
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { applySnapshot, type CanvasNodeType, type CanvasSnapshot } from '@atelier/canvas';
import { ID_PREFIX } from '@atelier/contract';
import { canvasDocName } from '../../collab/index.js';
import type { AppContext } from '../../context.js';
import { canvases } from '../../db/schema/canvas.js';
import { duplicateCanvasJob, type DuplicateCanvasPayload } from '../../jobs/definitions/canvas-duplicate.js';
import { enqueue, type JobDeps, type JobHandler } from '../../jobs/jobs.spec.js';
import { AppError } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { now } from '../../lib/time.js';
import { loadCanvas, type CanvasRow, type CanvasService } from './canvas.service.js';

export interface EntityDuplicateInput {
  uid: string;
  entityId: string;
  /** Stable across retries of the same duplication: derive the copy's id from it. */
  seed: string;
}

/** Runs inside the `canvas.duplicate` job, with its context and services. */
export type EntityDuplicator = (deps: JobDeps, input: EntityDuplicateInput) => Promise<string | null>;

const duplicators = new Map<CanvasNodeType, EntityDuplicator>();

export function registerEntityDuplicator(type: CanvasNodeType, duplicate: EntityDuplicator): void {
  duplicators.set(type, duplicate);
}

export function entityDuplicator(type: CanvasNodeType): EntityDuplicator | undefined {
  return duplicators.get(type);
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A readable id (`d-…`) that is the same for the same seed. */
export function stableId(kind: keyof typeof ID_PREFIX, seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  let out = '';
  for (let i = 0; i < 20; i++) out += BASE32[digest[i]! & 31];
  return `${ID_PREFIX[kind]}-${out}`;
}

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
    const duplicate = entityDuplicator(node.type);
    const entityId = node.data.entityId;
    if (!duplicate || !entityId) continue;
    const key = `${node.type}:${entityId}`;
    if (!copies.has(key))
      copies.set(key, await duplicate(deps, { uid: copy.uid, entityId, seed: `${copy.canvasId}/${key}` }));
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

/** Enqueues again every canvas a previous run left `duplicating` (the in-process queue forgets on exit). */
export async function resumeDuplicates(ctx: AppContext): Promise<number> {
  const rows = await ctx.db
    .select({ canvasId: canvases.canvasId })
    .from(canvases)
    .where(eq(canvases.status, 'duplicating'));
  for (const { canvasId } of rows)
    await enqueue(ctx.queue, duplicateCanvasJob, { canvasId }, { jobId: canvasId });
  return rows.length;
}

export interface DuplicateInput {
  canvasId: string;
  title?: string;
  projectId?: string;
  duplicateEntities: boolean;
}

/**
 * Creates the copy (status `duplicating`; titled "Title (copy)", "Title (copy 2)"… unless a title
 * is given) and enqueues the job.
 */
export async function startDuplicate(
  ctx: AppContext,
  service: CanvasService,
  uid: string,
  input: DuplicateInput,
): Promise<CanvasRow> {
  const source = await service.load(uid, input.canvasId);
  const projectId = input.projectId ?? source.projectId;
  if (input.projectId) await service.checkProject(uid, input.projectId);
  const copy = await service.insert(uid, {
    canvasId: newId('canvas'),
    title: input.title ?? (await service.distinctTitle(uid, source.title, 'copy')),
    projectId,
    // The copy draws its own thumbnail (the web app replaces a canvas's minimap file in place, so
    // sharing the source's file would let the copy overwrite the original's face).
    minimapStorageKey: null,
    status: 'duplicating',
    duplicateFrom: source.canvasId,
    duplicateEntities: input.duplicateEntities,
  });
  try {
    await enqueue(ctx.queue, duplicateCanvasJob, { canvasId: copy.canvasId }, { jobId: copy.canvasId });
  } catch (err) {
    ctx.log.error({ err, canvasId: copy.canvasId }, 'could not enqueue canvas duplication');
    const [failed] = await ctx.db
      .update(canvases)
      .set({ status: 'duplicate_failed' })
      .where(eq(canvases.canvasId, copy.canvasId))
      .returning();
    return failed ?? copy;
  }
  return copy;
}
