/** Queries on `skill_triggers` and `skill_trigger_runs`; the user-facing ones are scoped to the owning uid. */
import { and, asc, desc, eq, gte, isNotNull, lte, notExists, sql, type SQL } from 'drizzle-orm';
import { resources, skillTriggerRuns, skillTriggers } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import { now } from '../../lib/time.js';

export type TriggerRow = typeof skillTriggers.$inferSelect;
export type NewTriggerRow = typeof skillTriggers.$inferInsert;
export type TriggerRunRow = typeof skillTriggerRuns.$inferSelect;

export async function insertTrigger(db: DbOrTx, values: NewTriggerRow): Promise<TriggerRow> {
  const [row] = await db.insert(skillTriggers).values(values).returning();
  if (!row) throw new Error('insert into skill_triggers returned no row');
  return row;
}

export async function findTrigger(
  db: DbOrTx,
  uid: string,
  triggerId: string,
): Promise<TriggerRow | undefined> {
  const [row] = await db
    .select()
    .from(skillTriggers)
    .where(and(eq(skillTriggers.triggerId, triggerId), eq(skillTriggers.uid, uid)))
    .limit(1);
  return row;
}

/** The caller's trigger (of `skillId` when given), or E1006 as for one that does not exist. */
export async function requireTrigger(
  db: DbOrTx,
  uid: string,
  triggerId: string,
  skillId?: string,
): Promise<TriggerRow> {
  const row = await findTrigger(db, uid, triggerId);
  if (!row || (skillId !== undefined && row.skillId !== skillId)) {
    throw new AppError('E1006', 'Trigger not found');
  }
  return row;
}

export function listTriggers(
  db: DbOrTx,
  uid: string,
  opts: { skillId?: string | undefined; order: string; limit: number; offset: number },
): Promise<TriggerRow[]> {
  const where = [eq(skillTriggers.uid, uid)];
  if (opts.skillId) where.push(eq(skillTriggers.skillId, opts.skillId));
  const column = opts.order.startsWith('creation') ? skillTriggers.createdAt : skillTriggers.updatedAt;
  const orderBy: SQL[] = [
    opts.order.endsWith('Asc') ? asc(column) : desc(column),
    asc(skillTriggers.triggerId),
  ];
  return db
    .select()
    .from(skillTriggers)
    .where(and(...where))
    .orderBy(...orderBy)
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function updateTrigger(
  db: DbOrTx,
  uid: string,
  triggerId: string,
  patch: Partial<NewTriggerRow>,
): Promise<TriggerRow | undefined> {
  const [row] = await db
    .update(skillTriggers)
    .set({ ...patch, updatedAt: now() })
    .where(and(eq(skillTriggers.triggerId, triggerId), eq(skillTriggers.uid, uid)))
    .returning();
  return row;
}

export async function deleteTrigger(db: DbOrTx, uid: string, triggerId: string): Promise<boolean> {
  const rows = await db
    .delete(skillTriggers)
    .where(and(eq(skillTriggers.triggerId, triggerId), eq(skillTriggers.uid, uid)))
    .returning({ triggerId: skillTriggers.triggerId });
  return rows.length > 0;
}

/** The run key of an 'on resource ready' run: one per trigger, resource and ready transition. */
export const readyRunKey = (resourceId: string, finishCount: number) =>
  `resource:${resourceId}:${finishCount}`;

export interface ReadyTransition {
  trigger: TriggerRow;
  resourceId: string;
  finishCount: number;
}

/**
 * Ready transitions with no run yet: each enabled 'on resource ready' trigger paired with its
 * owner's resources that became ready since the trigger was armed and whose latest transition
 * (`finish_count`) has no `skill_trigger_runs` row. Of `uid`'s triggers only, when given.
 */
export async function readyTransitionsWithoutRun(
  db: DbOrTx,
  limit: number,
  uid?: string,
): Promise<ReadyTransition[]> {
  const where = [
    eq(skillTriggers.enabled, true),
    eq(skillTriggers.triggerType, 'simpleEvent'),
    eq(skillTriggers.simpleEventName, 'onResourceReady'),
    isNotNull(resources.readyAt),
    notExists(
      db
        .select({ one: sql`1` })
        .from(skillTriggerRuns)
        .where(
          and(
            eq(skillTriggerRuns.triggerId, skillTriggers.triggerId),
            eq(
              skillTriggerRuns.runKey,
              sql`'resource:' || ${resources.resourceId} || ':' || ${resources.finishCount}`,
            ),
          ),
        ),
    ),
  ];
  if (uid) where.push(eq(skillTriggers.uid, uid));
  const rows = await db
    .select({ trigger: skillTriggers, resourceId: resources.resourceId, finishCount: resources.finishCount })
    .from(skillTriggers)
    .innerJoin(
      resources,
      and(eq(resources.uid, skillTriggers.uid), gte(resources.readyAt, skillTriggers.armedAt)),
    )
    .where(and(...where))
    .orderBy(asc(resources.readyAt), asc(skillTriggers.triggerId))
    .limit(limit);
  return rows;
}

/**
 * Locks up to `limit` enabled timer triggers due at `at` that no other transaction holds
 * (`FOR UPDATE SKIP LOCKED`: a second process skips them and takes others, or none).
 */
export function lockDueTimers(tx: DbOrTx, at: Date, limit: number): Promise<TriggerRow[]> {
  return tx
    .select()
    .from(skillTriggers)
    .where(
      and(
        eq(skillTriggers.enabled, true),
        eq(skillTriggers.triggerType, 'timer'),
        lte(skillTriggers.nextRunAt, at),
      ),
    )
    .orderBy(asc(skillTriggers.nextRunAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Records one run of a trigger; answers it, or undefined when that run exists already. */
export async function insertTriggerRun(
  db: DbOrTx,
  values: typeof skillTriggerRuns.$inferInsert,
): Promise<TriggerRunRow | undefined> {
  const [row] = await db.insert(skillTriggerRuns).values(values).onConflictDoNothing().returning();
  return row;
}

export async function markTriggerRun(
  db: DbOrTx,
  run: Pick<TriggerRunRow, 'triggerId' | 'runKey'>,
  status: 'started' | 'failed',
  error: string | null = null,
): Promise<void> {
  await db
    .update(skillTriggerRuns)
    .set({ status, error })
    .where(and(eq(skillTriggerRuns.triggerId, run.triggerId), eq(skillTriggerRuns.runKey, run.runKey)));
}

export function pendingTriggerRuns(db: DbOrTx): Promise<TriggerRunRow[]> {
  return db.select().from(skillTriggerRuns).where(eq(skillTriggerRuns.status, 'pending'));
}
