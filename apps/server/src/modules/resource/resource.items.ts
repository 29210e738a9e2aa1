/** Resources as project items: moving between projects, listing, deleting. */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { resources } from '../../db/schema/index.js';
import { removeDependents } from '../access/access.delete.js';
import type { ProjectItemStore } from '../project/project.item-types.js';

const owned = (uid: string, ids: readonly string[]) =>
  and(eq(resources.uid, uid), inArray(resources.resourceId, [...ids]));
const idSet = (rows: Array<{ id: string }>) => new Set(rows.map((r) => r.id));

export const resourceItemStore: ProjectItemStore = {
  entityType: 'resource',
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
  /** Deletes the rows and what hangs on them, the uploaded original included (after commit). */
  async delete(db, uid, ids) {
    const deleted = ids.length
      ? await db.delete(resources).where(owned(uid, ids)).returning({ id: resources.resourceId })
      : [];
    return removeDependents(
      db,
      uid,
      'resource',
      deleted.map((d) => d.id),
    );
  },
};
