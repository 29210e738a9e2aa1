/**
 * Canvas nodes that stand for an entity (a document, a code artifact) keep a copy of its title
 * and preview in the canvas Y.Doc, so a canvas draws, exports and searches without loading every
 * entity. When the entity changes, this brings those copies up to date through the live canvas
 * (every open tab sees the change at once, and the stored state has it after a reload).
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { getCanvasSnapshot, updateNode, type CanvasNodeType } from '@atelier/canvas';
import { canvases } from '../../db/schema/canvas.js';
import type { DbOrTx } from '../../db/helpers.js';
import { canvasDocName, type CollabService } from '../../collab/index.js';

/** How much of an artifact's code a node shows (the web's starters use the same cut). */
export const NODE_PREVIEW_CHARS = 300;

export interface EntityNodeFields {
  title?: string;
  contentPreview?: string;
}

/**
 * Updates the nodes of `type` whose entity is `entityId` on every canvas of its owner `uid` that
 * holds one (found through the stored snapshots, and the owner's canvases open now). Only the
 * owner's canvases are read: an entity is private to its owner, so no one else's canvas can hold
 * it. Returns how many canvases changed.
 */
export async function syncEntityNodes(
  db: DbOrTx,
  collab: CollabService,
  uid: string,
  type: CanvasNodeType,
  entityId: string,
  fields: EntityNodeFields,
): Promise<number> {
  if (fields.title === undefined && fields.contentPreview === undefined) return 0;
  const wanted = JSON.stringify({ nodes: [{ type, data: { entityId } }] });
  const prefix = canvasDocName('');
  // canvases open right now too: a node added a moment ago may not be in the stored snapshot yet
  const open = collab
    .openNames()
    .filter((n) => n.startsWith(prefix))
    .map((n) => n.slice(prefix.length));
  const holds = sql`${canvases.snapshot} @> ${wanted}::jsonb`;
  const rows = await db
    .select({ canvasId: canvases.canvasId })
    .from(canvases)
    .where(and(eq(canvases.uid, uid), open.length ? or(holds, inArray(canvases.canvasId, open)) : holds));
  const names = rows.map((r) => canvasDocName(r.canvasId));
  let changed = 0;
  for (const name of names) {
    const stale = await collab.read(name, (doc) => nodesToUpdate(doc, type, entityId, fields));
    if (stale.length === 0) continue;
    await collab.write(name, (doc) => {
      for (const id of nodesToUpdate(doc, type, entityId, fields)) updateNode(doc, id, { data: fields });
    });
    changed += 1;
  }
  return changed;
}

function nodesToUpdate(
  doc: Parameters<typeof getCanvasSnapshot>[0],
  type: CanvasNodeType,
  entityId: string,
  fields: EntityNodeFields,
): string[] {
  return getCanvasSnapshot(doc)
    .nodes.filter(
      (n) =>
        n.type === type &&
        n.data.entityId === entityId &&
        ((fields.title !== undefined && n.data.title !== fields.title) ||
          (fields.contentPreview !== undefined && n.data.contentPreview !== fields.contentPreview)),
    )
    .map((n) => n.id);
}
