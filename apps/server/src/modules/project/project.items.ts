/**
 * What a project holds — canvases, documents and resources — behind one small store per kind, so
 * projects, labels and references can ask "does this user own X", move X in or out of a project,
 * list and delete X without knowing whose module owns X's table. Canvases and documents are read
 * from the canvas and document modules' tables; resources from the resource module's store.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ErrorCode } from '@atelier/contract';
import { canvasDocName, documentDocName } from '../../collab/collab.names.js';
import { deleteState } from '../../collab/collab.store.js';
import { canvases, documents } from '../../db/schema/index.js';
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
  /** The collaborative document an item's live text lives in, removed with the item. */
  docName?: (id: string) => string;
}
const canvasView: ItemView = { table: canvases, id: canvases.canvasId, docName: canvasDocName };
const documentView: ItemView = { table: documents, id: documents.docId, docName: documentDocName };

function tableStore(entityType: ProjectItemType, notFoundCode: ErrorCode, view: ItemView): ProjectItemStore {
  const t = view.table;
  const owned = (uid: string, ids: readonly string[]) => and(eq(t.uid, uid), inArray(view.id, [...ids]));
  const idSet = (rows: Array<{ id: string }>) => new Set(rows.map((r) => r.id));
  return {
    entityType,
    notFoundCode,
    async ownedIds(db, uid, ids) {
      if (!ids.length) return new Set();
      return idSet(await db.select({ id: view.id }).from(t).where(owned(uid, ids)));
    },
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
      if (!ids.length) return [];
      const deleted = await db.delete(t).where(owned(uid, ids)).returning({ id: view.id });
      const { docName } = view;
      if (!docName) return [];
      const names = deleted.map((d) => docName(d.id));
      await deleteState(db, names);
      return names;
    },
  };
}

export function createProjectItemStores(): ProjectItemStores {
  return {
    canvas: tableStore('canvas', 'E1000', canvasView),
    document: tableStore('document', 'E1003', documentView),
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
