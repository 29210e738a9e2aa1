/** Resources as project items (projects, references): ownership, moving between projects, listing, deleting. */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { resources } from '../../db/schema/index.js';
import { removeEntries } from '../../ingest/ingest.indexer.js';
import type { ProjectItemStore } from '../project/project.item-types.js';
import { deleteReferencesOf } from '../reference/reference.repository.js';

const owned = (uid: string, ids: readonly string[]) =>
  and(eq(resources.uid, uid), inArray(resources.resourceId, [...ids]));
const idSet = (rows: Array<{ id: string }>) => new Set(rows.map((r) => r.id));

export const resourceItemStore: ProjectItemStore = {
  entityType: 'resource',
  notFoundCode: 'E1002',
  async ownedIds(db, uid, ids) {
    if (!ids.length) return new Set();
    return idSet(await db.select({ id: resources.resourceId }).from(resources).where(owned(uid, ids)));
  },
  async idsInProject(db, uid, projectId, ids) {
    if (!ids.length) return new Set();
    return idSet(
      await db
        .select({ id: resources.resourceId })
        .from(resources)
        .where(and(owned(uid, ids), eq(resources.projectId, projectId))),
    );
  },
  async setProject(db, uid, ids, projectId) {
    if (!ids.length) return;
    await db.update(resources).set({ projectId }).where(owned(uid, ids));
  },
  async detachAll(db, uid, projectId) {
    await db
      .update(resources)
      .set({ projectId: null })
      .where(and(eq(resources.uid, uid), eq(resources.projectId, projectId)));
  },
  async list(db, uid, projectId, limit) {
    const rows = await db
      .select({ id: resources.resourceId, title: resources.title, updatedAt: resources.updatedAt })
      .from(resources)
      .where(and(eq(resources.uid, uid), eq(resources.projectId, projectId)))
      .orderBy(desc(resources.updatedAt))
      .limit(limit);
    return rows.map((r) => ({
      entityType: 'resource' as const,
      entityId: r.id,
      title: r.title,
      updatedAt: r.updatedAt,
    }));
  },
  /** Deletes the rows, their index and references; uploaded originals stay in the user's files. */
  async delete(db, uid, ids) {
    if (!ids.length) return [];
    const deleted = await db.delete(resources).where(owned(uid, ids)).returning({ id: resources.resourceId });
    const gone = deleted.map((d) => d.id);
    await removeEntries(db, 'resource', gone);
    await deleteReferencesOf(db, uid, 'resource', gone);
    return [];
  },
};
