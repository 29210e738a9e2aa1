/** Wire shape of a share record (the owner's view carries `stale`). */
import type { ShareRecord } from '@atelier/contract';
import type { ShareRow, ShareService } from './share.service.js';

export function presentShare(service: ShareService, row: ShareRow, stale = false): ShareRecord {
  return {
    shareId: row.shareId,
    title: row.title,
    entityType: row.entityType,
    entityId: row.entityId,
    allowDuplication: row.allowDuplication,
    parentShareId: row.parentShareId,
    templateId: row.templateId,
    access: row.access,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    live: row.live,
    url: service.url(row.shareId),
    coverUrl: service.coverUrl(row),
    publishedAt: row.publishedAt.toISOString(),
    stale,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
