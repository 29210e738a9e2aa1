/**
 * Canvases: create, update, delete, list, detail, raw data from the live Yjs state, and auto
 * naming, and starting a duplication (the `canvas.duplicate` job in canvas.duplicate.ts does the
 * copying, with the entity copiers this service is built with). Who may do what is the access
 * module's answer (`load`): another user's canvas answers exactly like a missing one (E1000).
 */
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import * as Y from 'yjs';
import {
  applySnapshot,
  createCanvasDoc,
  getCanvasSnapshot,
  type CanvasNodeType,
  type CanvasSnapshot,
} from '@atelier/canvas';
import type { CreateCanvas, DuplicateCanvas, PageQuery, UpdateCanvas } from '@atelier/contract';
import { canvasDocName, type CollabService } from '../../collab/index.js';
import { seedState } from '../../collab/collab.store.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { canvases } from '../../db/schema/canvas.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { duplicateCanvasJob } from '../../jobs/definitions/canvas-duplicate.js';
import { enqueue } from '../../jobs/jobs.spec.js';
import { newId } from '../../lib/ids.js';
import { now } from '../../lib/time.js';
import { accessFor, notFoundError, userActor, type AccessAction } from '../access/access.js';
import { removeDependents, type Removal } from '../access/access.delete.js';
import type { OwnedFileReader } from '../project/project.service.js';
import type { DbOrTx } from '../../db/helpers.js';
import { findUserByUid, type UserRow } from '../user/user.repository.js';
import type { EntityCopier, EntityCopiers } from './canvas.copiers.js';
import { distinctCanvasTitle, type DerivedTitleKind } from './canvas.titles.js';

export type CanvasRow = typeof canvases.$inferSelect;

/**
 * Suggests a title from a canvas's content. The AI engine plugs a model in here; while none is
 * configured `autoName` answers E0014. It may itself throw AppError (E0014, E2002, E3001…).
 */
export type TitleGenerator = (input: { uid: string; canvasId: string; context: string }) => Promise<string>;

export interface CanvasServiceDeps {
  db: Db;
  /** `canvas.duplicate` jobs are enqueued here; a failure to enqueue is logged. */
  queue: AppContext['queue'];
  log: AppContext['log'];
  collab: CollabService;
  /** How entities pointed to by nodes are copied when a canvas is duplicated with them. */
  copiers: EntityCopiers;
  files: OwnedFileReader;
  maxNodes: number;
  titleGenerator?: TitleGenerator | null;
}

export interface CanvasDataRows {
  canvas: CanvasRow;
  owner: UserRow | undefined;
  snapshot: CanvasSnapshot;
}

const CLIENT_ID = /^c-[A-Za-z0-9_-]{1,120}$/;
const ORDER = {
  creationAsc: asc(canvases.createdAt),
  creationDesc: desc(canvases.createdAt),
  updationAsc: asc(canvases.updatedAt),
  updationDesc: desc(canvases.updatedAt),
} as const;

export const canvasNotFound = () => new AppError('E1000');
export const nodeLimitReached = () => badRequest('node limit reached');

/** The canvas if `uid` may act on it this way (the access policy); E1000 otherwise. */
export async function loadCanvas(
  db: DbOrTx,
  uid: string,
  canvasId: string,
  action: AccessAction = 'read',
): Promise<CanvasRow> {
  await accessFor(db).require(userActor(uid), action, 'canvas', [canvasId]);
  const [row] = await db.select().from(canvases).where(eq(canvases.canvasId, canvasId)).limit(1);
  if (!row) throw notFoundError('canvas');
  return row;
}

/** Text the title generator reads: node titles and previews, at most ~4k characters. */
export function titleContext(snapshot: CanvasSnapshot, title: string): string {
  const lines = [
    title,
    ...snapshot.nodes.map((n) => [n.data.title, n.data.contentPreview].filter(Boolean).join(': ')),
  ];
  return lines
    .filter((l) => l.trim())
    .join('\n')
    .slice(0, 4000);
}

export class CanvasService {
  constructor(private readonly deps: CanvasServiceDeps) {}

  get collab(): CollabService {
    return this.deps.collab;
  }

  get maxNodes(): number {
    return this.deps.maxNodes;
  }

  load(uid: string, canvasId: string, action: AccessAction = 'read'): Promise<CanvasRow> {
    return loadCanvas(this.deps.db, uid, canvasId, action);
  }

  /** The copier for entities of a node type; none: the node keeps pointing at the original. */
  copier(type: CanvasNodeType): EntityCopier | undefined {
    return this.deps.copiers[type];
  }

  async checkProject(uid: string, projectId: string | null | undefined): Promise<void> {
    if (projectId) await accessFor(this.deps.db).require(userActor(uid), 'write', 'project', [projectId]);
  }

  async checkMinimap(uid: string, storageKey: string | undefined): Promise<void> {
    if (!storageKey) return;
    await this.deps.files.readOwnedFile(uid, storageKey).catch((err: unknown) => {
      if (err instanceof AppError) throw new AppError(err.code, 'minimapStorageKey: no such file');
      throw err;
    });
  }

  /** A title for a copy or an import that none of the owner's canvases has (canvas.titles.ts). */
  distinctTitle(uid: string, base: string, kind: DerivedTitleKind): Promise<string> {
    return distinctCanvasTitle(this.deps.db, uid, base, kind);
  }

  async create(uid: string, input: CreateCanvas): Promise<CanvasRow> {
    if (input.canvasId !== undefined && !CLIENT_ID.test(input.canvasId)) {
      throw badRequest('canvasId: must start with c- and use letters, digits, - or _');
    }
    if (input.canvasId) {
      // Creating again with the same id (an offline client retrying) answers the canvas as it is.
      const [existing] = await this.deps.db
        .select()
        .from(canvases)
        .where(eq(canvases.canvasId, input.canvasId))
        .limit(1);
      if (existing?.uid === uid) return existing;
      // Someone else's id answers like an id the caller cannot see, whatever the entity.
      if (existing) throw notFoundError('canvas');
    }
    await this.checkProject(uid, input.projectId);
    await this.checkMinimap(uid, input.minimapStorageKey);
    return this.insert(uid, {
      canvasId: input.canvasId ?? newId('canvas'),
      title: input.title ?? '',
      projectId: input.projectId ?? null,
      minimapStorageKey: input.minimapStorageKey ?? null,
    });
  }

  /**
   * Creates the copy (status `duplicating`; titled "Title (copy)", "Title (copy 2)"… unless a title
   * is given) and enqueues the `canvas.duplicate` job; a copy whose job could not be enqueued is
   * answered `duplicate_failed`.
   */
  async duplicate(uid: string, input: DuplicateCanvas): Promise<CanvasRow> {
    const source = await this.load(uid, input.canvasId);
    if (input.projectId) await this.checkProject(uid, input.projectId);
    const copy = await this.insert(uid, {
      canvasId: newId('canvas'),
      title: input.title ?? (await this.distinctTitle(uid, source.title, 'copy')),
      projectId: input.projectId ?? source.projectId,
      // The copy draws its own thumbnail (the web app replaces a canvas's minimap file in place, so
      // sharing the source's file would let the copy overwrite the original's face).
      minimapStorageKey: null,
      status: 'duplicating',
      duplicateFrom: source.canvasId,
      duplicateEntities: input.duplicateEntities,
    });
    try {
      await enqueue(
        this.deps.queue,
        duplicateCanvasJob,
        { canvasId: copy.canvasId },
        { jobId: copy.canvasId },
      );
      return copy;
    } catch (err) {
      this.deps.log.error({ err, canvasId: copy.canvasId }, 'could not enqueue canvas duplication');
      const [failed] = await this.deps.db
        .update(canvases)
        .set({ status: 'duplicate_failed' })
        .where(eq(canvases.canvasId, copy.canvasId))
        .returning();
      return failed ?? copy;
    }
  }

  /** Enqueues again every canvas a previous run left `duplicating` (the in-process queue forgets on exit). */
  async resumeDuplicates(): Promise<number> {
    const rows = await this.deps.db
      .select({ canvasId: canvases.canvasId })
      .from(canvases)
      .where(eq(canvases.status, 'duplicating'));
    for (const { canvasId } of rows)
      await enqueue(this.deps.queue, duplicateCanvasJob, { canvasId }, { jobId: canvasId });
    return rows.length;
  }

  /** Inserts a canvas row and its Yjs state (empty, or holding `snapshot`) in one transaction. */
  async insert(
    uid: string,
    values: Pick<CanvasRow, 'canvasId' | 'title' | 'projectId' | 'minimapStorageKey'> & Partial<CanvasRow>,
    snapshot?: CanvasSnapshot,
  ): Promise<CanvasRow> {
    const doc = createCanvasDoc();
    if (snapshot) applySnapshot(doc, snapshot);
    const state = Y.encodeStateAsUpdate(doc);
    const derived = getCanvasSnapshot(doc);
    doc.destroy();
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(canvases)
        .values({ ...values, uid, snapshot: derived, nodeCount: derived.nodes.length })
        .returning();
      await seedState(tx, canvasDocName(values.canvasId), state);
      return row!;
    });
  }

  async update(uid: string, input: UpdateCanvas): Promise<CanvasRow> {
    const current = await this.load(uid, input.canvasId, 'write');
    await this.checkProject(uid, input.projectId);
    await this.checkMinimap(uid, input.minimapStorageKey);
    // A redrawn thumbnail alone is no edit: the list keeps its order and a share of the canvas is
    // not "changed since published" (the web app redraws it a few seconds after every change)
    const thumbnailOnly =
      input.minimapStorageKey !== undefined &&
      input.title === undefined &&
      input.projectId === undefined &&
      input.readOnly === undefined;
    const patch: Partial<CanvasRow> = thumbnailOnly ? {} : { updatedAt: now() };
    if (input.title !== undefined) patch.title = input.title;
    if (input.projectId !== undefined) patch.projectId = input.projectId;
    if (input.minimapStorageKey !== undefined) patch.minimapStorageKey = input.minimapStorageKey;
    if (input.readOnly !== undefined) patch.readOnly = input.readOnly;
    const [row] = await this.deps.db
      .update(canvases)
      .set(patch)
      .where(and(eq(canvases.canvasId, current.canvasId), eq(canvases.uid, uid)))
      .returning();
    if (!row) throw canvasNotFound();
    if (input.readOnly !== undefined && input.readOnly !== current.readOnly) {
      this.collab.setReadOnly(canvasDocName(row.canvasId), row.readOnly || row.status !== 'ready');
    }
    return row;
  }

  /** Deletes the canvas and what hangs on it; answers the stored files left to remove after commit. */
  async delete(uid: string, canvasId: string): Promise<Removal> {
    const row = await this.load(uid, canvasId, 'delete');
    const removal = await this.deps.db.transaction(async (tx) => {
      await tx.delete(canvases).where(and(eq(canvases.canvasId, row.canvasId), eq(canvases.uid, uid)));
      return removeDependents(tx, uid, 'canvas', [row.canvasId]);
    });
    for (const name of removal.collabNames) this.collab.disconnectAll(name);
    return removal;
  }

  async list(uid: string, query: PageQuery & { projectId?: string }): Promise<CanvasRow[]> {
    const where: SQL[] = [eq(canvases.uid, uid)];
    if (query.projectId) where.push(eq(canvases.projectId, query.projectId));
    return this.deps.db
      .select()
      .from(canvases)
      .where(and(...where))
      .orderBy(ORDER[query.order], asc(canvases.canvasId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
  }

  /** The node graph as it is now (live when open), normalized. */
  snapshot(canvasId: string): Promise<CanvasSnapshot> {
    return this.collab.read(canvasDocName(canvasId), getCanvasSnapshot);
  }

  async data(uid: string, canvasId: string): Promise<CanvasDataRows> {
    const canvas = await this.load(uid, canvasId);
    const [snapshot, owner] = await Promise.all([
      this.snapshot(canvas.canvasId),
      findUserByUid(this.deps.db, canvas.uid),
    ]);
    return { canvas, owner, snapshot };
  }

  async autoName(uid: string, canvasId: string, directUpdate: boolean): Promise<string> {
    const canvas = await this.load(uid, canvasId, 'write');
    const generate = this.deps.titleGenerator;
    if (!generate) throw new AppError('E0014');
    const snapshot = await this.snapshot(canvas.canvasId);
    const context = titleContext(snapshot, canvas.title);
    if (!context) throw badRequest('Canvas is empty: nothing to name it after');
    const title = (await generate({ uid, canvasId: canvas.canvasId, context })).trim().slice(0, 512);
    if (!title) throw new AppError('E3001', 'The model answered an empty title');
    if (directUpdate) await this.update(uid, { canvasId: canvas.canvasId, title });
    return title;
  }
}
