/**
 * What a project holds — canvases, documents and resources — behind one small store per kind, so
 * projects can move X in or out of a project, list and delete X without knowing whose module owns
 * X's table. Who may touch X is the access module's answer, asked before any of these. Canvases
 * and documents are read from the canvas and document modules' tables; resources from the
 * resource module's store.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { canvases, documents } from '../../db/schema/index.js';
import { removeDependents } from '../access/access.delete.js';
import { resourceItemStore } from '../resource/resource.items.js';
import type { ProjectItemStore, ProjectItemStores, ProjectItemType } from './project.item-types.js';

export type {
  ProjectItemRow,
  ProjectItemStore,
  ProjectItemStores,
  ProjectItemType,
} from './project.item-types.js';

interface ItemView {
  table: typeof canvases | typeof documents;
  id: typeof canvases.canvasId | typeof documents.docId;
}
const canvasView: ItemView = { table: canvases, id: canvases.canvasId };
const documentView: ItemView = { table: documents, id: documents.docId };

function tableStore(entityType: 'canvas' | 'document', view: ItemView): ProjectItemStore {
  const t = view.table;
  const owned = (uid: string, ids: readonly string[]) => and(eq(t.uid, uid), inArray(view.id, [...ids]));
  const idSet = (rows: Array<{ id: string }>) => new Set(rows.map((r) => r.id));
  return {
    entityType,
    async idsInProject(db, uid, projectId, ids) {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: view.id })
        .from(t)
        .where(and(owned(uid, ids), eq(t.projectId, projectId)));
      return idSet(rows);
    },
    async setProject(db, uid, ids, projectId) {
      if (!ids.length) return;
      await db.update(t).set({ projectId }).where(owned(uid, ids));
    },
    async detachAll(db, uid, projectId) {
      await db
        .update(t)
        .set({ projectId: null })
        .where(and(eq(t.uid, uid), eq(t.projectId, projectId)));
    },
    async list(db, uid, projectId, limit) {
      const rows = await db
        .select({ id: view.id, title: t.title, updatedAt: t.updatedAt })
        .from(t)
        .where(and(eq(t.uid, uid), eq(t.projectId, projectId)))
        .orderBy(desc(t.updatedAt))
        .limit(limit);
      return rows.map((r) => ({ entityType, entityId: r.id, title: r.title, updatedAt: r.updatedAt }));
    },
    async delete(db, uid, ids) {
      const deleted = ids.length ? await db.delete(t).where(owned(uid, ids)).returning({ id: view.id }) : [];
      return removeDependents(
        db,
        uid,
        entityType,
        deleted.map((d) => d.id),
      );
    },
  };
}

export function createProjectItemStores(): ProjectItemStores {
  return {
    canvas: tableStore('canvas', canvasView),
    document: tableStore('document', documentView),
    resource: resourceItemStore,
  };
}

/** Groups items by kind, keeping each id once. */
export function groupItems(items: ReadonlyArray<{ entityType: ProjectItemType; entityId: string }>) {
  const groups = new Map<ProjectItemType, string[]>();
  for (const { entityType, entityId } of items) {
    const list = groups.get(entityType) ?? [];
    if (!list.includes(entityId)) list.push(entityId);
    groups.set(entityType, list);
  }
  return groups;
}
