/**
 * Snapshots derived from a stored Yjs state: a canvas's JSON nodes and edges, a document's
 * Markdown and preview. They feed search, export and the AI; the Yjs state stays the truth.
 */
import { eq, sql } from 'drizzle-orm';
import type * as Y from 'yjs';
import { contentPreviewFromMarkdown, getCanvasSnapshot, type CanvasSnapshot } from '@atelier/canvas';
import { LIMITS } from '@atelier/contract';
import { yDocToMarkdown } from '@atelier/editor';
import { canvases } from '../db/schema/canvas.js';
import { documents } from '../db/schema/document.js';
import type { DbOrTx } from '../db/helpers.js';
import type { CollabTarget } from './collab.names.js';

export interface DerivedInfo {
  /** False when the canvas or document no longer exists (deleted while open). */
  exists: boolean;
  /** Canvas: node count. */
  nodeCount?: number;
  /** Document: Markdown length. */
  contentLength?: number;
  /** Document: the Markdown is over the content limit, so the stored snapshot was left as it was. */
  contentTooLarge?: boolean;
}

/** Length that counts against the 100k cap: the Markdown without the final newline the writer adds. */
export function contentLength(markdown: string): number {
  return markdown.endsWith('\n') ? markdown.length - 1 : markdown.length;
}

/** Whether Markdown is over the content cap (E2004). */
export function overContentLimit(markdown: string): boolean {
  return contentLength(markdown) > LIMITS.maxContentChars;
}

/** PostgreSQL text and jsonb cannot hold NUL; a client may still type one. */
const withoutNul = (text: string): string => (text.includes('\0') ? text.replaceAll('\0', '') : text);

export function deriveDocumentFields(markdown: string): { content: string; contentPreview: string } {
  const content = withoutNul(markdown);
  return { content, contentPreview: contentPreviewFromMarkdown(content) };
}

/** Writes the snapshot of `doc` into its canvas or document row (updatedAt moves only on change). */
export async function writeDerived(db: DbOrTx, target: CollabTarget, doc: Y.Doc): Promise<DerivedInfo> {
  if (target.kind === 'canvas') {
    const json = JSON.stringify(getCanvasSnapshot(doc), (_key, value: unknown) =>
      typeof value === 'string' ? withoutNul(value) : value,
    );
    const snapshot = JSON.parse(json) as CanvasSnapshot;
    const rows = await db
      .update(canvases)
      .set({
        snapshot,
        nodeCount: snapshot.nodes.length,
        updatedAt: sql`case when ${canvases.snapshot} is distinct from ${json}::jsonb then now() else ${canvases.updatedAt} end`,
      })
      .where(eq(canvases.canvasId, target.id))
      .returning({ id: canvases.canvasId });
    return { exists: rows.length > 0, nodeCount: snapshot.nodes.length };
  }
  const markdown = yDocToMarkdown(doc);
  if (overContentLimit(markdown)) {
    const [row] = await db
      .select({ id: documents.docId })
      .from(documents)
      .where(eq(documents.docId, target.id))
      .limit(1);
    return { exists: Boolean(row), contentLength: markdown.length, contentTooLarge: true };
  }
  const fields = deriveDocumentFields(markdown);
  const rows = await db
    .update(documents)
    .set({
      ...fields,
      updatedAt: sql`case when ${documents.content} is distinct from ${fields.content} then now() else ${documents.updatedAt} end`,
    })
    .where(eq(documents.docId, target.id))
    .returning({ id: documents.docId });
  return { exists: rows.length > 0, contentLength: markdown.length };
}
