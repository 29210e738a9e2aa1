/** The wire shape of a code artifact (CodeArtifactSchema): the preview key becomes a URL; lists omit content. */
import type { CodeArtifact } from '@atelier/contract';
import { fileUrl } from '../upload/upload.service.js';
import type { CodeArtifactRow } from './code-artifact.service.js';

export function presentCodeArtifact(
  row: CodeArtifactRow,
  publicUrl: string,
  opts: { withContent: boolean } = { withContent: true },
): CodeArtifact {
  return {
    artifactId: row.artifactId,
    type: row.type,
    title: row.title,
    ...(opts.withContent ? { content: row.content } : {}),
    language: row.language,
    previewUrl: row.previewStorageKey ? fileUrl(publicUrl, row.previewStorageKey) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
