/** The wire shape of resources (ResourceSchema): content and downloadURL only in the detail. */
import type { Resource } from '@atelier/contract';
import type { ResourceRow } from './resource.service.js';

export function presentResource(
  row: ResourceRow,
  opts: { withContent?: boolean; fileUrl?: (storageKey: string) => string } = {},
): Resource {
  return {
    resourceId: row.resourceId,
    resourceType: row.resourceType,
    title: row.title,
    // the stored file's type, also for files whose metadata does not repeat it (what a slide or
    // card needs to draw an image resource as the image)
    data:
      row.contentType && !row.meta?.contentType
        ? { ...(row.meta ?? {}), contentType: row.contentType }
        : (row.meta ?? null),
    indexStatus: row.indexStatus,
    indexError: row.indexError ?? null,
    storageSize: row.storageSize,
    vectorSize: row.vectorSize,
    rawFileKey: row.rawFileKey,
    contentPreview: row.contentPreview,
    ...(opts.withContent ? { content: row.content } : {}),
    downloadURL: row.rawFileKey && opts.fileUrl ? opts.fileUrl(row.rawFileKey) : null,
    projectId: row.projectId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
