/**
 * Library resources: create (link, pasted text, uploaded file), update, delete, reindex, list
 * and detail. Who may do what is the access module's answer (`loadResource`): someone else's
 * resource answers exactly like a missing one (E1002). Parsing and indexing run in resource.ingest.ts.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CreateResource, IndexStatus, PageQuery, ResourceType, UpdateResource } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { files, libraryEntries, resources } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { detectFormat } from '../../ingest/ingest.formats.js';
import { segmentForIndex } from '../../ingest/ingest.segment.js';
import { newId } from '../../lib/ids.js';
import { ingestResourceJob } from '../../jobs/definitions/resource-ingest.js';
import { enqueue } from '../../jobs/jobs.spec.js';
import { now } from '../../lib/time.js';
import { accessFor, notFoundError, userActor, type AccessAction } from '../access/access.js';
import { finishRemoval, removeDependents } from '../access/access.delete.js';
import { FILE_TOO_LARGE_MESSAGE, type SpooledFile } from '../upload/upload.form.js';
import { assertLibraryQuota, uploadLimitFor, withLibraryQuotaLock } from './resource.quota.js';
import type { UploadService } from '../upload/upload.service.js';
import type { DbOrTx } from '../../db/helpers.js';

export type ResourceRow = typeof resources.$inferSelect;

/** States a resource waits in; these are enqueued again when a server starts. */
export const WAITING_STATES: IndexStatus[] = ['init', 'wait_parse', 'wait_index'];

const CLIENT_ID = /^r-[A-Za-z0-9_-]{1,120}$/;
const ORDER = {
  creationAsc: asc(resources.createdAt),
  creationDesc: desc(resources.createdAt),
  updationAsc: asc(resources.updatedAt),
  updationDesc: desc(resources.updatedAt),
} as const;

/** The resource if `uid` may act on it this way (the access policy); E1002 otherwise. */
export async function loadResource(
  db: DbOrTx,
  uid: string,
  resourceId: string,
  action: AccessAction = 'read',
): Promise<ResourceRow> {
  await accessFor(db).require(userActor(uid), action, 'resource', [resourceId]);
  const [row] = await db.select().from(resources).where(eq(resources.resourceId, resourceId)).limit(1);
  if (!row) throw notFoundError('resource');
  return row;
}

export interface ListResourcesFilter extends PageQuery {
  resourceType?: ResourceType | undefined;
  indexStatus?: IndexStatus | undefined;
  projectId?: string | undefined;
}

export class ResourceService {
  constructor(
    private readonly ctx: AppContext,
    private readonly files: UploadService,
  ) {}

  get db() {
    return this.ctx.db;
  }

  fileUrl(storageKey: string): string {
    return this.files.fileUrl(storageKey);
  }

  private async checkProject(uid: string, projectId: string | null | undefined): Promise<void> {
    if (projectId) await accessFor(this.db).require(userActor(uid), 'write', 'project', [projectId]);
  }

  /** Creating again with the same id (a client retrying) answers the resource as it is. */
  private async existing(uid: string, resourceId: string | undefined): Promise<ResourceRow | null> {
    if (resourceId === undefined) return null;
    if (!CLIENT_ID.test(resourceId))
      throw badRequest('resourceId: must start with r- and use letters, digits, - or _');
    const [row] = await this.db.select().from(resources).where(eq(resources.resourceId, resourceId)).limit(1);
    // Someone else's id answers like an id the caller cannot see, whatever the entity.
    if (row && row.uid !== uid) throw notFoundError('resource');
    return row ?? null;
  }

  /** Creates one resource; the quota check and the insert run one at a time per user. */
  async create(uid: string, input: CreateResource): Promise<ResourceRow> {
    return withLibraryQuotaLock(this.ctx, uid, () => this.createUnlocked(uid, input));
  }

  private async createUnlocked(uid: string, input: CreateResource): Promise<ResourceRow> {
    const found = await this.existing(uid, input.resourceId);
    if (found) return found;
    await this.checkProject(uid, input.projectId);
    // An uploaded file is already counted in the meter's bytes.
    await assertLibraryQuota(
      this.ctx,
      uid,
      1,
      input.storageKey || input.resourceType !== 'text' ? 0 : Buffer.byteLength(input.content ?? ''),
    );
    let source: Pick<ResourceRow, 'rawFileKey' | 'contentType' | 'storageSize' | 'content'> = {
      rawFileKey: null,
      contentType: null,
      storageSize: 0,
      content: '',
    };
    if (input.storageKey) {
      // content is ignored when a file is given (spec section 3)
      const file = await this.files.readOwnedFile(uid, input.storageKey).catch((err: unknown) => {
        if (err instanceof AppError) throw new AppError(err.code, 'storageKey: no such file');
        throw err;
      });
      if (!detectFormat(file.contentType, file.originalName)) {
        throw new AppError('E0012', `This file type is temporarily not supported (${file.contentType})`);
      }
      if (file.size > (await uploadLimitFor(this.ctx, uid))) throw badRequest(FILE_TOO_LARGE_MESSAGE);
      source = {
        rawFileKey: file.storageKey,
        contentType: file.contentType,
        storageSize: file.size,
        content: '',
      };
    } else if (input.resourceType === 'text') {
      const content = input.content ?? '';
      source = { ...source, contentType: 'text/markdown', content, storageSize: Buffer.byteLength(content) };
    }
    const [row] = await this.db
      .insert(resources)
      .values({
        resourceId: input.resourceId ?? newId('resource'),
        uid,
        resourceType: input.resourceType,
        title: input.title,
        meta: input.data ?? null,
        projectId: input.projectId ?? null,
        indexStatus: 'init',
        ...source,
      })
      .returning();
    const [started] = await this.startIndex([row!]);
    return started ?? row!;
  }

  async createMany(uid: string, items: CreateResource[]): Promise<ResourceRow[]> {
    return withLibraryQuotaLock(this.ctx, uid, () => this.createManyUnlocked(uid, items));
  }

  private async createManyUnlocked(uid: string, items: CreateResource[]): Promise<ResourceRow[]> {
    const ids = items.map((i) => i.resourceId).filter((id): id is string => Boolean(id));
    const known = ids.length
      ? await this.db
          .select({ id: resources.resourceId })
          .from(resources)
          .where(and(eq(resources.uid, uid), inArray(resources.resourceId, ids)))
      : [];
    const bytes = items.reduce(
      (n, i) => n + (i.resourceType === 'text' && !i.storageKey ? Buffer.byteLength(i.content ?? '') : 0),
      0,
    );
    // The whole batch or none of it: 'only N files can be saved' names what fits.
    await assertLibraryQuota(this.ctx, uid, items.length - known.length, bytes);
    const out: ResourceRow[] = [];
    for (const item of items) out.push(await this.createUnlocked(uid, item));
    return out;
  }

  /** POST /knowledge/resource/createWithFile: checks the type, stores the file, creates the resource. */
  async createWithFile(
    uid: string,
    file: SpooledFile,
    fields: { title?: string | undefined; resourceId?: string | undefined; projectId?: string | undefined },
  ): Promise<ResourceRow> {
    const found = await this.existing(uid, fields.resourceId);
    if (found) return found;
    if (!detectFormat(file.mimetype, file.filename)) {
      throw new AppError(
        'E0012',
        `This file type is temporarily not supported (${file.filename || file.mimetype})`,
      );
    }
    await this.checkProject(uid, fields.projectId);
    await assertLibraryQuota(this.ctx, uid, 1, file.size);
    const resourceId = fields.resourceId ?? newId('resource');
    const stored = await this.files.upload({ uid, file, entityType: 'resource', entityId: resourceId });
    const title =
      fields.title?.trim() ||
      file.filename.replace(/\.[A-Za-z0-9]{1,10}$/, '') ||
      file.filename ||
      'Untitled';
    try {
      return await this.create(uid, {
        title: title.slice(0, 512),
        resourceType: 'file',
        resourceId,
        storageKey: stored.storageKey,
        ...(fields.projectId ? { projectId: fields.projectId } : {}),
      });
    } catch (err) {
      // refused after the upload (the last free slot went to a concurrent create): no orphan file
      await this.deleteOwnFile(stored.storageKey, resourceId);
      throw err;
    }
  }

  async update(uid: string, input: UpdateResource): Promise<ResourceRow> {
    const row = await loadResource(this.db, uid, input.resourceId, 'write');
    if (input.projectId !== undefined) await this.checkProject(uid, input.projectId);
    const changesContent = input.content !== undefined && input.content !== row.content;
    if (changesContent && (row.resourceType !== 'text' || row.rawFileKey)) {
      throw badRequest('content: only pasted-text resources can change their text');
    }
    const [updated] = await this.db
      .update(resources)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.data !== undefined ? { meta: input.data } : {}),
        ...(input.projectId !== undefined ? { projectId: input.projectId } : {}),
        ...(changesContent
          ? { content: input.content, storageSize: Buffer.byteLength(input.content ?? '') }
          : {}),
        updatedAt: now(),
      })
      .where(eq(resources.resourceId, row.resourceId))
      .returning();
    if (changesContent) return (await this.startIndex([updated!]))[0] ?? updated!;
    if (input.title !== undefined && input.title !== row.title) {
      await this.db
        .update(libraryEntries)
        .set({ title: input.title, searchTitle: segmentForIndex(input.title) })
        .where(and(eq(libraryEntries.entityType, 'resource'), eq(libraryEntries.entityId, row.resourceId)));
    }
    return updated!;
  }

  /** Deletes the resource and what hangs on it: labels, references, index, its uploaded original. */
  async delete(uid: string, resourceId: string): Promise<void> {
    const row = await loadResource(this.db, uid, resourceId, 'delete');
    const removal = await this.db.transaction(async (tx) => {
      await tx.delete(resources).where(eq(resources.resourceId, row.resourceId));
      return removeDependents(tx, uid, 'resource', [row.resourceId]);
    });
    await finishRemoval(this.ctx, removal);
  }

  /** Removes the uploaded original when it was stored for this resource (createWithFile). */
  private async deleteOwnFile(key: string, resourceId: string): Promise<void> {
    const deleted = await this.db
      .delete(files)
      .where(and(eq(files.storageKey, key), eq(files.entityType, 'resource'), eq(files.entityId, resourceId)))
      .returning({ key: files.storageKey });
    if (deleted.length) {
      await this.ctx.storage
        .delete(key)
        .catch((err: unknown) => this.ctx.log.warn({ err, key }, 'could not delete a resource file'));
    }
  }

  async reindex(uid: string, resourceIds: string[]): Promise<ResourceRow[]> {
    const ids = [...new Set(resourceIds)];
    await accessFor(this.db).require(userActor(uid), 'write', 'resource', ids);
    const rows = await this.db.select().from(resources).where(inArray(resources.resourceId, ids));
    const missing = ids.find((id) => !rows.some((r) => r.resourceId === id));
    if (missing) throw notFoundError('resource');
    const started = await this.startIndex(rows);
    return ids.map((id) => started.find((r) => r.resourceId === id)!);
  }

  /** Moves resources to wait_parse under a new index version and enqueues their jobs. */
  async startIndex(rows: ResourceRow[]): Promise<ResourceRow[]> {
    if (!rows.length) return [];
    const started = await this.db
      .update(resources)
      .set({
        indexStatus: 'wait_parse',
        indexError: null,
        indexVersion: sql`${resources.indexVersion} + 1`,
        indexAttempts: 0,
        updatedAt: now(),
      })
      .where(
        inArray(
          resources.resourceId,
          rows.map((r) => r.resourceId),
        ),
      )
      .returning();
    const out: ResourceRow[] = [];
    for (const row of started) out.push(await this.enqueue(row));
    return out;
  }

  /** Enqueues the job of a waiting resource; a queue failure marks it failed rather than stuck. */
  async enqueue(row: ResourceRow): Promise<ResourceRow> {
    try {
      const payload = { resourceId: row.resourceId, version: row.indexVersion };
      await enqueue(this.ctx.queue, ingestResourceJob, payload, {
        jobId: `${row.resourceId}-v${row.indexVersion}`,
      });
      return row;
    } catch (err) {
      this.ctx.log.error({ err, resourceId: row.resourceId }, 'could not enqueue resource ingestion');
      const [failed] = await this.db
        .update(resources)
        .set({
          indexStatus: 'parse_failed',
          indexError: { type: 'unknownError', metadata: { message: 'The job queue is unavailable' } },
        })
        .where(and(eq(resources.resourceId, row.resourceId), eq(resources.indexVersion, row.indexVersion)))
        .returning();
      return failed ?? row;
    }
  }

  async list(uid: string, filter: ListResourcesFilter): Promise<ResourceRow[]> {
    const where: SQL[] = [eq(resources.uid, uid)];
    if (filter.resourceType) where.push(eq(resources.resourceType, filter.resourceType));
    if (filter.indexStatus) where.push(eq(resources.indexStatus, filter.indexStatus));
    if (filter.projectId) where.push(eq(resources.projectId, filter.projectId));
    return this.db
      .select()
      .from(resources)
      .where(and(...where))
      .orderBy(ORDER[filter.order], asc(resources.resourceId))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize);
  }

  detail(uid: string, resourceId: string): Promise<ResourceRow> {
    return loadResource(this.db, uid, resourceId);
  }
}
