/**
 * Pages (issue 11): a slideshow made from a canvas's nodes, one page per canvas. Adding nodes
 * creates the canvas's draft page; each node becomes a slide with a snapshot of the node's data.
 * Publishing makes a share of the page (the `page` snapshot, its entities as child shares) through
 * the share service; unpublishing revokes it. Authorization is the access module's answer
 * (`loadPage`): someone else's page answers like a missing one (E1010).
 */
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  CanvasNodeSchema,
  PageConfigSchema,
  PageNodeTypeSchema,
  type PageConfig,
  type PageNodeType,
  type PageQuery,
  type PageStatus,
  type UpdatePage,
} from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/helpers.js';
import { pageNodeRelations, pages } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { now } from '../../lib/time.js';
import { accessFor, userActor, type AccessAction } from '../access/access.js';
import type { CanvasService } from '../canvas/canvas.service.js';
import { loadCanvas } from '../canvas/canvas.service.js';
import type { ShareService } from '../share/share.service.js';
import type { UploadService } from '../upload/upload.service.js';

export type PageRow = typeof pages.$inferSelect;
export type PageRelationRow = typeof pageNodeRelations.$inferSelect;
export interface PageWithNodes {
  page: PageRow;
  relations: PageRelationRow[];
}

export const pageNotFound = () => new AppError('E1010');

const ORDER: Record<PageQuery['order'], SQL> = {
  creationAsc: asc(pages.createdAt),
  creationDesc: desc(pages.createdAt),
  updationAsc: asc(pages.updatedAt),
  updationDesc: desc(pages.updatedAt),
};

/** The page if `uid` may act on it this way (the access policy); E1010 otherwise. */
export async function loadPage(
  db: DbOrTx,
  uid: string,
  pageId: string,
  action: AccessAction = 'read',
): Promise<PageRow> {
  await accessFor(db).require(userActor(uid), action, 'page', [pageId]);
  const [row] = await db.select().from(pages).where(eq(pages.pageId, pageId)).limit(1);
  if (!row) throw pageNotFound();
  return row;
}

export const defaultPageConfig = (): PageConfig => PageConfigSchema.parse({});

export class PageService {
  constructor(
    private readonly ctx: AppContext,
    private readonly canvases: CanvasService,
    private readonly shares: ShareService,
    private readonly files: UploadService,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  async relations(pageId: string): Promise<PageRelationRow[]> {
    return this.db
      .select()
      .from(pageNodeRelations)
      .where(eq(pageNodeRelations.pageId, pageId))
      .orderBy(asc(pageNodeRelations.orderIndex), asc(pageNodeRelations.createdAt));
  }

  private async withNodes(page: PageRow): Promise<PageWithNodes> {
    return { page, relations: await this.relations(page.pageId) };
  }

  async detail(uid: string, pageId: string): Promise<PageWithNodes> {
    return this.withNodes(await loadPage(this.db, uid, pageId));
  }

  async byCanvas(uid: string, canvasId: string): Promise<PageWithNodes> {
    const canvas = await loadCanvas(this.db, uid, canvasId);
    const [page] = await this.db
      .select()
      .from(pages)
      .where(and(eq(pages.canvasId, canvas.canvasId), eq(pages.uid, uid)))
      .limit(1);
    if (!page) throw pageNotFound();
    return this.withNodes(page);
  }

  async list(uid: string, query: PageQuery & { status?: PageStatus }): Promise<PageRow[]> {
    const where: SQL[] = [eq(pages.uid, uid)];
    if (query.status) where.push(eq(pages.status, query.status));
    return this.db
      .select()
      .from(pages)
      .where(and(...where))
      .orderBy(ORDER[query.order], asc(pages.pageId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
  }

  /**
   * Adds canvas nodes as slides (after the existing ones, in the order given), creating the
   * canvas's draft page when it has none. Nodes already on the page keep their place.
   */
  async addNodes(uid: string, canvasId: string, nodeIds: readonly string[]): Promise<PageWithNodes> {
    const canvas = await loadCanvas(this.db, uid, canvasId, 'write');
    const snapshot = await this.canvases.snapshot(canvas.canvasId);
    const byId = new Map(snapshot.nodes.map((n) => [n.id, n]));
    const picked: {
      nodeId: string;
      nodeType: PageNodeType;
      entityId: string;
      nodeData: Record<string, unknown>;
    }[] = [];
    const missing: string[] = [];
    const wrongType: string[] = [];
    for (const nodeId of new Set(nodeIds)) {
      const raw = byId.get(nodeId);
      const parsed = raw ? CanvasNodeSchema.safeParse(raw) : null;
      if (!parsed?.success) {
        missing.push(nodeId);
        continue;
      }
      const type = PageNodeTypeSchema.safeParse(parsed.data.type);
      if (!type.success) {
        wrongType.push(`${nodeId} (${parsed.data.type})`);
        continue;
      }
      const data = parsed.data.data;
      picked.push({
        nodeId,
        nodeType: type.data,
        entityId: data.entityId,
        nodeData: {
          title: data.title,
          ...(data.contentPreview !== undefined ? { contentPreview: data.contentPreview } : {}),
          ...(data.metadata ? { metadata: data.metadata } : {}),
        },
      });
    }
    if (missing.length) throw badRequest(`nodeIds: not on this canvas: ${missing.join(', ')}`);
    if (wrongType.length) {
      throw badRequest(
        `nodeIds: a page shows documents, resources, answers, memos, websites and artifacts only: ${wrongType.join(', ')}`,
      );
    }
    return this.db.transaction(async (tx) => {
      let [page] = await tx
        .select()
        .from(pages)
        .where(and(eq(pages.canvasId, canvas.canvasId), eq(pages.uid, uid)))
        .limit(1);
      if (!page) {
        [page] = await tx
          .insert(pages)
          .values({
            pageId: newId('page'),
            uid,
            canvasId: canvas.canvasId,
            title: canvas.title,
            pageConfig: defaultPageConfig(),
          })
          .returning();
      }
      const existing = await tx
        .select({ nodeId: pageNodeRelations.nodeId, orderIndex: pageNodeRelations.orderIndex })
        .from(pageNodeRelations)
        .where(eq(pageNodeRelations.pageId, page!.pageId));
      const have = new Set(existing.map((r) => r.nodeId));
      let next = existing.reduce((max, r) => Math.max(max, r.orderIndex + 1), 0);
      const fresh = picked.filter((p) => !have.has(p.nodeId));
      if (fresh.length) {
        await tx.insert(pageNodeRelations).values(
          fresh.map((p) => ({
            relationId: newId('pageNodeRelation'),
            pageId: page!.pageId,
            ...p,
            orderIndex: next++,
          })),
        );
        [page] = await tx
          .update(pages)
          .set({ updatedAt: now() })
          .where(eq(pages.pageId, page!.pageId))
          .returning();
      }
      const relations = await tx
        .select()
        .from(pageNodeRelations)
        .where(eq(pageNodeRelations.pageId, page!.pageId))
        .orderBy(asc(pageNodeRelations.orderIndex), asc(pageNodeRelations.createdAt));
      return { page: page!, relations };
    });
  }

  async update(uid: string, pageId: string, input: UpdatePage): Promise<PageWithNodes> {
    const current = await loadPage(this.db, uid, pageId, 'write');
    if (input.nodeRelations?.length) {
      const ids = input.nodeRelations.map((r) => r.nodeId);
      if (new Set(ids).size !== ids.length) throw badRequest('nodeRelations: a node is listed twice');
      const onPage = await this.db
        .select({ nodeId: pageNodeRelations.nodeId })
        .from(pageNodeRelations)
        .where(and(eq(pageNodeRelations.pageId, current.pageId), inArray(pageNodeRelations.nodeId, ids)));
      const known = new Set(onPage.map((r) => r.nodeId));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length) throw badRequest(`nodeRelations: not on this page: ${unknown.join(', ')}`);
    }
    const patch: Partial<typeof pages.$inferInsert> = { updatedAt: now() };
    if (input.title !== undefined) patch.title = input.title;
    if (input.description !== undefined) patch.description = input.description;
    if (input.pageConfig) patch.pageConfig = { ...current.pageConfig, ...input.pageConfig };
    if (input.coverStorageKey !== undefined) {
      patch.coverStorageKey =
        input.coverStorageKey === null ? null : await this.files.checkOwnCover(uid, input.coverStorageKey);
    }
    const page = await this.db.transaction(async (tx) => {
      for (const r of input.nodeRelations ?? []) {
        await tx
          .update(pageNodeRelations)
          .set({ orderIndex: r.orderIndex })
          .where(and(eq(pageNodeRelations.pageId, current.pageId), eq(pageNodeRelations.nodeId, r.nodeId)));
      }
      const [row] = await tx.update(pages).set(patch).where(eq(pages.pageId, current.pageId)).returning();
      return row!;
    });
    return this.withNodes(page);
  }

  async deleteNode(uid: string, pageId: string, nodeId: string): Promise<PageWithNodes> {
    const current = await loadPage(this.db, uid, pageId, 'write');
    const gone = await this.db
      .delete(pageNodeRelations)
      .where(and(eq(pageNodeRelations.pageId, current.pageId), eq(pageNodeRelations.nodeId, nodeId)))
      .returning({ id: pageNodeRelations.relationId });
    if (!gone.length) throw badRequest('nodeId: not on this page');
    const [page] = await this.db
      .update(pages)
      .set({ updatedAt: now() })
      .where(eq(pages.pageId, current.pageId))
      .returning();
    return this.withNodes(page!);
  }

  /** Deletes the page, its slides and its share. */
  async delete(uid: string, pageId: string): Promise<void> {
    const current = await loadPage(this.db, uid, pageId, 'delete');
    await this.revokeShare(uid, current);
    await this.db.delete(pages).where(eq(pages.pageId, current.pageId));
  }

  /** Publishes (or republishes) the page's share; the page becomes `published`. */
  async publish(uid: string, pageId: string) {
    const current = await loadPage(this.db, uid, pageId, 'write');
    const share = await this.shares.publish(uid, {
      entityType: 'page',
      entityId: current.pageId,
      title: current.title,
      coverStorageKey: current.coverStorageKey ?? undefined,
    });
    // updatedAt stays: publishing changes no slide, and a later updatedAt would call the page
    // "changed since published" right after publishing it
    await this.db
      .update(pages)
      .set({ status: 'published', shareId: share.shareId })
      .where(eq(pages.pageId, current.pageId));
    return share;
  }

  /** Revokes the page's share; the page is a draft again. */
  async unpublish(uid: string, pageId: string): Promise<PageWithNodes> {
    const current = await loadPage(this.db, uid, pageId, 'write');
    await this.revokeShare(uid, current);
    const [page] = await this.db
      .update(pages)
      .set({ status: 'draft', shareId: null, updatedAt: now() })
      .where(eq(pages.pageId, current.pageId))
      .returning();
    return this.withNodes(page!);
  }

  private async revokeShare(uid: string, page: PageRow): Promise<void> {
    if (!page.shareId) return;
    const share = await this.shares.find(page.shareId);
    if (share && share.uid === uid) await this.shares.revoke(uid, share.shareId);
  }
}
