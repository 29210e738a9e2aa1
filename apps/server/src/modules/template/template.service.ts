/**
 * Templates (issue 11, points 10–12): a canvas published as a duplicable canvas share, with a
 * title, description, language and category. "Use template" is `share.duplicate` of its share.
 *
 * - create: the caller must own the canvas (access policy, E1000 otherwise); publishes the share
 *   through the share service with `allowDuplication: true` and the template's id.
 * - update: owner only (E1009 to anyone else, like the share it publishes); `republish: true`
 *   publishes the canvas again (same share, new snapshot) and bumps `version`. A cover-only
 *   update copies the cover into the share; once the share was revoked it stays on the template
 *   until the next `republish`.
 * - delete (unpublish): revokes the share; the canvas stays.
 * - list: `all` (every template, featured first) or `mine` (needs a session).
 */
import { and, asc, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { CreateTemplate, UpdateTemplate } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { shares, templateCategories, templates, users } from '../../db/schema/index.js';
import { escapeLike } from '../../db/helpers.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { now } from '../../lib/time.js';
import { accessFor, userActor } from '../access/access.js';
import type { UploadService } from '../upload/upload.service.js';

export type TemplateRow = typeof templates.$inferSelect;
export type CategoryRow = typeof templateCategories.$inferSelect;
export interface TemplateAuthor {
  uid: string;
  name: string | null;
  nickname: string | null;
  avatarStorageKey: string | null;
}
export interface TemplateListRow {
  template: TemplateRow;
  category: CategoryRow | null;
  author: TemplateAuthor;
  /** The files copied into the template's share (`cover`: the canvas thumbnail), if it is still there. */
  shareFiles: Record<string, { contentType: string }> | null;
}

/**
 * What templates need of the share service (share.service.ts): publish a canvas, copy a file into
 * the share, revoke a share.
 */
export interface TemplatePublisher {
  publish(
    uid: string,
    input: {
      entityType: 'canvas';
      entityId: string;
      title: string;
      allowDuplication: true;
      templateId: string;
      extraFiles?: Record<string, string>;
    },
  ): Promise<{ shareId: string }>;
  setFile(uid: string, shareId: string, name: string, storageKey: string | null): Promise<unknown>;
  revoke(uid: string, shareId: string): Promise<void>;
}

/**
 * The share's copy of a template's own cover: public with the template's share (every library
 * visitor, signed in or not, loads it), never the owner's private upload URL.
 */
export const TEMPLATE_COVER_FILE = 'templateCover';
const coverFiles = (key: string | null | undefined): Record<string, string> =>
  key ? { [TEMPLATE_COVER_FILE]: key } : {};

const templateNotFound = () => new AppError('E1009');

export interface ListTemplatesInput {
  scope: 'mine' | 'all';
  page: number;
  pageSize: number;
  categoryId?: string;
  language?: string;
  featured?: boolean;
  q?: string;
}

export class TemplateService {
  constructor(
    private readonly ctx: AppContext,
    private readonly publisher: TemplatePublisher,
    private readonly files: UploadService,
  ) {}

  async categories(): Promise<CategoryRow[]> {
    return this.ctx.db.select().from(templateCategories).orderBy(asc(templateCategories.sortOrder));
  }

  private async checkCategory(categoryId: string | null | undefined): Promise<void> {
    if (!categoryId) return;
    const [row] = await this.ctx.db
      .select({ id: templateCategories.categoryId })
      .from(templateCategories)
      .where(eq(templateCategories.categoryId, categoryId))
      .limit(1);
    if (!row) throw badRequest('categoryId: no such category');
  }

  async create(uid: string, input: CreateTemplate): Promise<TemplateRow> {
    await accessFor(this.ctx.db).require(userActor(uid), 'write', 'canvas', [input.canvasId]);
    if (!input.categoryId) throw badRequest('categoryId: Please select a category');
    await this.checkCategory(input.categoryId);
    const cover = input.coverStorageKey ? await this.files.checkOwnCover(uid, input.coverStorageKey) : null;
    const templateId = newId('template');
    const share = await this.publisher.publish(uid, {
      entityType: 'canvas',
      entityId: input.canvasId,
      title: input.title,
      allowDuplication: true,
      templateId,
      extraFiles: coverFiles(cover),
    });
    const [row] = await this.ctx.db
      .insert(templates)
      .values({
        templateId,
        uid,
        canvasId: input.canvasId,
        shareId: share.shareId,
        categoryId: input.categoryId,
        title: input.title,
        description: input.description ?? '',
        language: input.language,
        coverStorageKey: cover,
      })
      .returning();
    return row!;
  }

  /** The caller's own template, or E1009 (also for someone else's). */
  async own(uid: string, templateId: string): Promise<TemplateRow> {
    if (!(await accessFor(this.ctx.db).can(userActor(uid), 'write', 'template', templateId))) {
      throw templateNotFound();
    }
    const [row] = await this.ctx.db
      .select()
      .from(templates)
      .where(eq(templates.templateId, templateId))
      .limit(1);
    if (!row) throw templateNotFound();
    return row;
  }

  async update(uid: string, input: UpdateTemplate): Promise<TemplateRow> {
    const current = await this.own(uid, input.templateId);
    await this.checkCategory(input.categoryId);
    const patch: Partial<TemplateRow> = { updatedAt: now() };
    if (input.title !== undefined) patch.title = input.title;
    if (input.description !== undefined) patch.description = input.description;
    if (input.categoryId !== undefined) patch.categoryId = input.categoryId;
    if (input.language !== undefined) patch.language = input.language;
    if (input.coverStorageKey !== undefined)
      patch.coverStorageKey = input.coverStorageKey
        ? await this.files.checkOwnCover(uid, input.coverStorageKey)
        : null;
    const cover = patch.coverStorageKey !== undefined ? patch.coverStorageKey : current.coverStorageKey;
    if (input.republish) {
      // The canvas may have been deleted since: its not-found code answers then.
      await accessFor(this.ctx.db).require(userActor(uid), 'write', 'canvas', [current.canvasId]);
      const share = await this.publisher.publish(uid, {
        entityType: 'canvas',
        entityId: current.canvasId,
        title: input.title ?? current.title,
        allowDuplication: true,
        templateId: current.templateId,
        extraFiles: coverFiles(cover),
      });
      patch.shareId = share.shareId;
    } else if (patch.coverStorageKey !== undefined) {
      // A new or removed cover reaches the share's copy without publishing the canvas again.
      await this.copyCover(uid, current.shareId, patch.coverStorageKey);
    }
    const [row] = await this.ctx.db
      .update(templates)
      .set({ ...patch, ...(input.republish ? { version: sql`${templates.version} + 1` } : {}) })
      .where(eq(templates.templateId, current.templateId))
      .returning();
    return row!;
  }

  /**
   * Copies a cover into the template's share (null removes the copy). A share revoked from
   * "Shared by me" has nowhere to take it: the cover stays on the template, and publishing the
   * canvas again (`republish`) copies it into the new share.
   */
  private async copyCover(uid: string, shareId: string, storageKey: string | null): Promise<void> {
    await this.publisher.setFile(uid, shareId, TEMPLATE_COVER_FILE, storageKey).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'E1009') return;
      throw err;
    });
  }

  /**
   * Templates given a cover before covers were copied into shares keep it only as the owner's
   * private upload, which library visitors cannot load: copy it into the share, as new templates
   * do. Run at start; a template whose share or upload is gone is left as it is (and logged).
   * Answers how many covers were copied.
   */
  async copyMissingCovers(): Promise<number> {
    const rows = await this.ctx.db
      .select({
        uid: templates.uid,
        templateId: templates.templateId,
        shareId: templates.shareId,
        coverStorageKey: templates.coverStorageKey,
        files: shares.files,
      })
      .from(templates)
      .innerJoin(shares, eq(shares.shareId, templates.shareId))
      // only the templates whose share has no copy yet: a normal start reads no rows
      .where(
        and(
          isNotNull(templates.coverStorageKey),
          sql`(${shares.files} -> ${TEMPLATE_COVER_FILE}::text) IS NULL`,
        ),
      );
    let copied = 0;
    for (const row of rows) {
      if (!row.coverStorageKey) continue;
      try {
        await this.publisher.setFile(row.uid, row.shareId, TEMPLATE_COVER_FILE, row.coverStorageKey);
        copied += 1;
      } catch (err) {
        this.ctx.log.warn({ err, templateId: row.templateId }, 'Template cover could not be copied');
      }
    }
    return copied;
  }

  async delete(uid: string, templateId: string): Promise<void> {
    const current = await this.own(uid, templateId);
    await this.ctx.db.delete(templates).where(eq(templates.templateId, current.templateId));
    await this.publisher.revoke(uid, current.shareId).catch((err: unknown) => {
      // Already revoked from "Shared by me": nothing left to do.
      if (err instanceof AppError && err.code === 'E1009') return;
      throw err;
    });
  }

  async list(uid: string | null, input: ListTemplatesInput): Promise<TemplateListRow[]> {
    if (input.scope === 'mine' && !uid) throw new AppError('E0011', 'Authentication required', 401);
    const where: SQL[] = [sql`${templates.shareId} <> ''`];
    if (input.scope === 'mine' && uid) where.push(eq(templates.uid, uid));
    // The library of everyone shows only templates whose share is live ("Use template" duplicates
    // it); the owner still finds a revoked one under mine, to republish or delete it.
    else where.push(isNotNull(shares.shareId));
    if (input.categoryId) where.push(eq(templates.categoryId, input.categoryId));
    if (input.language) where.push(eq(templates.language, input.language));
    if (input.featured !== undefined) where.push(eq(templates.featured, input.featured));
    if (input.q) {
      const pattern = `%${escapeLike(input.q)}%`;
      where.push(or(ilike(templates.title, pattern), ilike(templates.description, pattern))!);
    }
    const rows = await this.selectListRows()
      .where(and(...where))
      .orderBy(desc(templates.featured), desc(templates.updatedAt), asc(templates.templateId))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    return rows;
  }

  async listRow(templateId: string): Promise<TemplateListRow> {
    const [row] = await this.selectListRows().where(eq(templates.templateId, templateId)).limit(1);
    if (!row) throw templateNotFound();
    return row;
  }

  /** Templates with their category and author, as lists and single answers present them. */
  private selectListRows() {
    return this.ctx.db
      .select({
        template: templates,
        category: templateCategories,
        author: {
          uid: users.uid,
          name: users.name,
          nickname: users.nickname,
          avatarStorageKey: users.avatarStorageKey,
        },
        shareFiles: shares.files,
      })
      .from(templates)
      .innerJoin(users, eq(users.uid, templates.uid))
      .leftJoin(shares, eq(shares.shareId, templates.shareId))
      .leftJoin(templateCategories, eq(templateCategories.categoryId, templates.categoryId));
  }
}
