/** The wire shape of documents (DocumentSchema): content only where asked for (detail). */
import type { Document } from '@atelier/contract';
import type { DocumentRow } from './document.service.js';

export function presentDocument(row: DocumentRow, opts: { withContent?: boolean } = {}): Document {
  return {
    docId: row.docId,
    title: row.title,
    contentPreview: row.contentPreview,
    ...(opts.withContent ? { content: row.content } : {}),
    readOnly: row.readOnly,
    projectId: row.projectId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
