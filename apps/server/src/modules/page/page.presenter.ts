/** Wire shapes of pages (list rows) and page details (with slides and page config). */
import { PageConfigSchema, type Page, type PageDetail } from '@atelier/contract';
import { fileUrl } from '../upload/upload.service.js';
import type { PageRow, PageWithNodes } from './page.service.js';

/** `fileBaseUrl`: the owner's cover is their own private file (/v1/misc/static); a share copies it. */
export function presentPage(row: PageRow, fileBaseUrl: string): Page {
  return {
    pageId: row.pageId,
    title: row.title,
    description: row.description,
    status: row.status,
    canvasId: row.canvasId,
    coverUrl: row.coverStorageKey ? fileUrl(fileBaseUrl, row.coverStorageKey) : null,
    shareId: row.shareId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentPageDetail({ page, relations }: PageWithNodes, fileBaseUrl: string): PageDetail {
  return {
    ...presentPage(page, fileBaseUrl),
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
