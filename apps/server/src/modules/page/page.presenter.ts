/** Wire shapes of pages (list rows) and page details (with slides and page config). */
import { PageConfigSchema, type Page, type PageDetail } from '@atelier/contract';
import type { PageRow, PageWithNodes } from './page.service.js';

export function presentPage(row: PageRow): Page {
  return {
    pageId: row.pageId,
    title: row.title,
    description: row.description,
    status: row.status,
    canvasId: row.canvasId,
    coverUrl: null,
    shareId: row.shareId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentPageDetail({ page, relations }: PageWithNodes): PageDetail {
  return {
    ...presentPage(page),
    pageConfig: PageConfigSchema.parse(page.pageConfig),
    nodeRelations: relations.map((r) => ({
      relationId: r.relationId,
      pageId: r.pageId,
      nodeId: r.nodeId,
      nodeType: r.nodeType,
      entityId: r.entityId,
      orderIndex: r.orderIndex,
      nodeData: r.nodeData,
    })),
  };
}
