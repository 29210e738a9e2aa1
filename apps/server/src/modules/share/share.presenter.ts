/** Wire shape of a share record (the owner's view carries `stale`). */
import type { ShareRecord } from '@atelier/contract';
import type { ShareFreshness, ShareRow, ShareService } from './share.service.js';

/**
 * `origin`: what the link is built on (ShareService.origin: PUBLIC_URL, or the address the request
 * came to). `fresh`: the owner's staleness and the title to show (ShareService.freshness).
 */
export function presentShare(
  service: ShareService,
  row: ShareRow,
  origin: string,
  fresh?: ShareFreshness,
): ShareRecord {
  return {
    shareId: row.shareId,
    title: fresh?.title ?? row.title,
    entityType: row.entityType,
    entityId: row.entityId,
    allowDuplication: row.allowDuplication,
    parentShareId: row.parentShareId,
    templateId: row.templateId,
    access: row.access,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    live: row.live,
    url: service.url(row.shareId, origin),
    coverUrl: service.coverUrl(row),
    publishedAt: row.publishedAt.toISOString(),
    stale: fresh?.stale ?? false,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
