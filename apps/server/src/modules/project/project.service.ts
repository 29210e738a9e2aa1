/**
 * Projects: create, update (cover checks), delete (items are detached, never deleted), list,
 * detail with its canvases and files, and moving or deleting items. Who may do what is the access
 * module's answer: someone else's project or item answers exactly like a missing one (E1014, or
 * the item's own not-found code).
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { CreateProject, PageQuery, ProjectItem, UpdateProject } from '@atelier/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { projects } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { now } from '../../lib/time.js';
import { accessFor, notFoundError, userActor, type AccessAction } from '../access/access.js';
import { emptyRemoval, mergeRemovals, removeDependents, type Removal } from '../access/access.delete.js';
import type { StoredFile } from '../upload/upload.service.js';
import { isUniqueViolation, type DbOrTx } from '../../db/helpers.js';
import { groupItems, type ProjectItemRow, type ProjectItemStores } from './project.items.js';

export type ProjectRow = typeof projects.$inferSelect;

export interface ProjectDetailRows {
  project: ProjectRow;
  canvases: ProjectItemRow[];
  files: ProjectItemRow[];
}

/** Reads a `files` row the user owns (E1012 otherwise): the upload module's service. */
export interface OwnedFileReader {
  readOwnedFile(uid: string, storageKey: string): Promise<StoredFile>;
}

/** The upload service's cover check (UploadService.checkOwnCover). */
export interface CoverChecker {
  checkOwnCover(uid: string, storageKey: string, maxBytes?: number): Promise<string>;
}

/** How many canvases, and how many files, a project's detail lists. */
export const PROJECT_DETAIL_ITEM_LIMIT = 200;
const CLIENT_ID = /^p-[A-Za-z0-9_-]{1,120}$/;

const notFound = () => notFoundError('project');

const ORDER_COLUMNS = {
  creationAsc: asc(projects.createdAt),
  creationDesc: desc(projects.createdAt),
  updationAsc: asc(projects.updatedAt),
  updationDesc: desc(projects.updatedAt),
} as const;

/**
 * The project if `uid` may act on it this way (the access policy); E1014 otherwise. Inside a
 * transaction, `lock` holds the row until commit, so the project cannot be deleted while items
 * move into it.
 */
export async function loadProject(
  db: DbOrTx,
  uid: string,
  projectId: string,
  action: AccessAction,
  opts: { lock?: boolean } = {},
): Promise<ProjectRow> {
  await accessFor(db).require(userActor(uid), action, 'project', [projectId]);
  const query = db.select().from(projects).where(eq(projects.projectId, projectId)).limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export class ProjectService {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'PROJECT_COVER_MAX_BYTES'>,
    private readonly files: CoverChecker,
    private readonly items: ProjectItemStores,
    /** Closes live editing sessions of deleted canvases and documents (after the commit). */
    private readonly closeLive: (collabNames: string[]) => void = () => undefined,
  ) {}

  load(uid: string, projectId: string, action: AccessAction = 'read'): Promise<ProjectRow> {
    return loadProject(this.db, uid, projectId, action);
  }

  async create(uid: string, input: CreateProject): Promise<ProjectRow> {
    if (input.projectId !== undefined && !CLIENT_ID.test(input.projectId)) {
      throw badRequest('projectId: must start with p- and use letters, digits, - or _');
    }
    const cover = input.coverStorageKey
      ? await this.files.checkOwnCover(uid, input.coverStorageKey, this.config.PROJECT_COVER_MAX_BYTES)
      : null;
    try {
      const [row] = await this.db
        .insert(projects)
        .values({
          projectId: input.projectId ?? newId('project'),
          uid,
          name: input.name,
          description: input.description ?? null,
          coverStorageKey: cover,
          customInstructions: input.customInstructions ?? null,
        })
        .returning();
      return row!;
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest('projectId: already in use');
      throw err;
    }
  }

  async update(uid: string, input: UpdateProject): Promise<ProjectRow> {
    await this.load(uid, input.projectId, 'write');
    const patch: Partial<typeof projects.$inferInsert> = { updatedAt: now() };
    if (input.name !== undefined) patch.name = input.name;
    if (input.description !== undefined) patch.description = input.description;
    if (input.customInstructions !== undefined) patch.customInstructions = input.customInstructions;
    if (input.coverStorageKey !== undefined) {
      patch.coverStorageKey =
        input.coverStorageKey === null
          ? null
          : await this.files.checkOwnCover(uid, input.coverStorageKey, this.config.PROJECT_COVER_MAX_BYTES);
    }
    const [row] = await this.db
      .update(projects)
      .set(patch)
      .where(and(eq(projects.projectId, input.projectId), eq(projects.uid, uid)))
      .returning();
    if (!row) throw notFound();
    return row;
  }

  /** Deletes the project and the labels on it; its canvases and files stay, outside any project. */
  async delete(uid: string, projectId: string): Promise<Removal> {
    return this.db.transaction(async (tx) => {
      await loadProject(tx, uid, projectId, 'delete', { lock: true });
      for (const store of Object.values(this.items)) await store.detachAll(tx, uid, projectId);
      await tx.delete(projects).where(and(eq(projects.projectId, projectId), eq(projects.uid, uid)));
      return removeDependents(tx, uid, 'project', [projectId]);
    });
  }

  async list(uid: string, query: PageQuery): Promise<ProjectRow[]> {
    return this.db
      .select()
      .from(projects)
      .where(eq(projects.uid, uid))
      .orderBy(ORDER_COLUMNS[query.order], asc(projects.projectId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
  }

  async detail(uid: string, projectId: string): Promise<ProjectDetailRows> {
    const project = await this.load(uid, projectId);
    const limit = PROJECT_DETAIL_ITEM_LIMIT;
    const [canvases, documents, resources] = await Promise.all([
      this.items.canvas.list(this.db, uid, projectId, limit),
      this.items.document.list(this.db, uid, projectId, limit),
      this.items.resource.list(this.db, uid, projectId, limit),
    ]);
    const files = [...documents, ...resources]
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
      .slice(0, limit);
    return { project, canvases, files };
  }

  /**
   * add: every item must be the caller's (else its kind's not-found code) and moves into the
   * project, out of any other. remove: takes the caller's items out of this project; an item
   * that is not in it is left as it is.
   */
  async updateItems(
    uid: string,
    projectId: string,
    operation: 'add' | 'remove',
    items: ProjectItem[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await loadProject(tx, uid, projectId, 'write', { lock: true });
      const groups = groupItems(items);
      const access = accessFor(tx);
      for (const [type, ids] of groups) await access.require(userActor(uid), 'write', type, ids);
      for (const [type, ids] of groups) {
        const store = this.items[type];
        if (operation === 'add') {
          await store.setProject(tx, uid, ids, projectId);
        } else {
          const inProject = await store.idsInProject(tx, uid, projectId, ids);
          await store.setProject(tx, uid, [...inProject], null);
        }
      }
      await tx.update(projects).set({ updatedAt: now() }).where(eq(projects.projectId, projectId));
    });
  }

  /**
   * Deletes items of the project (and what hangs on them); each must be the caller's to delete and
   * in this project (else its not-found code). Answers the stored files left to remove after commit.
   */
  async deleteItems(uid: string, projectId: string, items: ProjectItem[]): Promise<Removal> {
    const removal = await this.db.transaction(async (tx) => {
      await loadProject(tx, uid, projectId, 'write', { lock: true });
      const groups = groupItems(items);
      const access = accessFor(tx);
      for (const [type, ids] of groups) {
        await access.require(userActor(uid), 'delete', type, ids);
        const inProject = await this.items[type].idsInProject(tx, uid, projectId, ids);
        const missing = ids.find((id) => !inProject.has(id));
        if (missing) throw notFoundError(type);
      }
      const done = emptyRemoval();
      for (const [type, ids] of groups) mergeRemovals(done, await this.items[type].delete(tx, uid, ids));
      await tx.update(projects).set({ updatedAt: now() }).where(eq(projects.projectId, projectId));
      return done;
    });
    if (removal.collabNames.length) this.closeLive(removal.collabNames);
    return removal;
  }
}
