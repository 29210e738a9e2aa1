/** Queries on `skill_instances`; every one is scoped to the owning uid. */
import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { skillInstances } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/helpers.js';
import { now } from '../../lib/time.js';

export type SkillInstanceRow = typeof skillInstances.$inferSelect;
export type NewSkillInstanceRow = typeof skillInstances.$inferInsert;

export async function insertSkillInstance(
  db: DbOrTx,
  values: NewSkillInstanceRow,
): Promise<SkillInstanceRow> {
  const [row] = await db.insert(skillInstances).values(values).returning();
  if (!row) throw new Error('insert into skill_instances returned no row');
  return row;
}

export async function findSkillInstance(
  db: DbOrTx,
  uid: string,
  skillId: string,
): Promise<SkillInstanceRow | undefined> {
  const [row] = await db
    .select()
    .from(skillInstances)
    .where(and(eq(skillInstances.skillId, skillId), eq(skillInstances.uid, uid)))
    .limit(1);
  return row;
}

export interface ListInstancesOptions {
  skillId?: string | undefined;
  sortByPin: boolean;
  order: 'creationAsc' | 'creationDesc' | 'updationAsc' | 'updationDesc';
  limit: number;
  offset: number;
}

export function listSkillInstances(
  db: DbOrTx,
  uid: string,
  opts: ListInstancesOptions,
): Promise<SkillInstanceRow[]> {
  const where = [eq(skillInstances.uid, uid)];
  if (opts.skillId) where.push(eq(skillInstances.skillId, opts.skillId));
  const orderBy: SQL[] = [];
  // pinned first, the most recently pinned on top
  if (opts.sortByPin) orderBy.push(sql`${skillInstances.pinnedAt} desc nulls last`);
  const column = opts.order.startsWith('creation') ? skillInstances.createdAt : skillInstances.updatedAt;
  orderBy.push(opts.order.endsWith('Asc') ? asc(column) : desc(column), asc(skillInstances.skillId));
  return db
    .select()
    .from(skillInstances)
    .where(and(...where))
    .orderBy(...orderBy)
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function countPinned(db: DbOrTx, uid: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(skillInstances)
    .where(and(eq(skillInstances.uid, uid), isNotNull(skillInstances.pinnedAt)));
  return row?.n ?? 0;
}

export async function updateSkillInstance(
  db: DbOrTx,
  uid: string,
  skillId: string,
  patch: Partial<NewSkillInstanceRow>,
): Promise<SkillInstanceRow | undefined> {
  const [row] = await db
    .update(skillInstances)
    .set({ ...patch, updatedAt: now() })
    .where(and(eq(skillInstances.skillId, skillId), eq(skillInstances.uid, uid)))
    .returning();
  return row;
}

export async function deleteSkillInstance(db: DbOrTx, uid: string, skillId: string): Promise<boolean> {
  const rows = await db
    .delete(skillInstances)
    .where(and(eq(skillInstances.skillId, skillId), eq(skillInstances.uid, uid)))
    .returning({ skillId: skillInstances.skillId });
  return rows.length > 0;
}
