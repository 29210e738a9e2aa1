/** Queries of action results and their steps; the skill engine and the action service share them. */
import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { ActionStatus, PageQuery } from '@atelier/contract';
import { actionResults, actionSteps } from '../../db/schema/index.js';
import { now } from '../../lib/time.js';
import type { DbOrTx } from '../../db/helpers.js';

export type ActionResultRow = typeof actionResults.$inferSelect;
export type NewActionResult = typeof actionResults.$inferInsert;
export type ActionStepRow = typeof actionSteps.$inferSelect;

const pk = (resultId: string, version: number) =>
  and(eq(actionResults.resultId, resultId), eq(actionResults.version, version));
const stepPk = (resultId: string, version: number, stepIndex: number) =>
  and(
    eq(actionSteps.resultId, resultId),
    eq(actionSteps.version, version),
    eq(actionSteps.stepIndex, stepIndex),
  );
const RUNNING: ActionStatus[] = ['waiting', 'executing'];

export async function insertResult(db: DbOrTx, values: NewActionResult): Promise<ActionResultRow> {
  const [row] = await db.insert(actionResults).values(values).returning();
  return row!;
}

/** A version of a result, or the latest one when `version` is undefined. */
export async function findResult(
  db: DbOrTx,
  resultId: string,
  version?: number,
): Promise<ActionResultRow | undefined> {
  const where = version === undefined ? eq(actionResults.resultId, resultId) : pk(resultId, version);
  const [row] = await db
    .select()
    .from(actionResults)
    .where(where)
    .orderBy(desc(actionResults.version))
    .limit(1);
  return row;
}

export interface ListResultsFilter extends PageQuery {
  targetType?: string | undefined;
  targetId?: string | undefined;
  type?: string | undefined;
  status?: ActionStatus | undefined;
  skillId?: string | undefined;
}

function orderBy(order: PageQuery['order']): SQL {
  switch (order) {
    case 'creationAsc':
      return asc(actionResults.createdAt);
    case 'creationDesc':
      return desc(actionResults.createdAt);
    case 'updationAsc':
      return asc(actionResults.updatedAt);
    case 'updationDesc':
      return desc(actionResults.updatedAt);
  }
}

/** Every version is a run of its own (a skill job), so the list shows each. */
export async function listResults(db: DbOrTx, uid: string, f: ListResultsFilter): Promise<ActionResultRow[]> {
  const where = [eq(actionResults.uid, uid)];
  if (f.targetType)
    where.push(eq(actionResults.targetType, f.targetType as ActionResultRow['targetType'] & string));
  if (f.targetId) where.push(eq(actionResults.targetId, f.targetId));
  if (f.type) where.push(eq(actionResults.type, f.type as ActionResultRow['type']));
  if (f.status) where.push(eq(actionResults.status, f.status));
  if (f.skillId) where.push(sql`${actionResults.runOptions}->>'skillId' = ${f.skillId}`);
  return db
    .select()
    .from(actionResults)
    .where(and(...where))
    .orderBy(orderBy(f.order), desc(actionResults.version))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
}

export async function stepsOf(db: DbOrTx, resultId: string, version: number): Promise<ActionStepRow[]> {
  return db
    .select()
    .from(actionSteps)
    .where(and(eq(actionSteps.resultId, resultId), eq(actionSteps.version, version)))
    .orderBy(asc(actionSteps.stepIndex));
}

/** waiting → executing, unless an abort came first; null when the run must not start. */
export async function markExecuting(
  db: DbOrTx,
  resultId: string,
  version: number,
): Promise<ActionResultRow | null> {
  const [row] = await db
    .update(actionResults)
    .set({ status: 'executing', updatedAt: now() })
    .where(
      and(
        pk(resultId, version),
        inArray(actionResults.status, RUNNING),
        eq(actionResults.abortRequested, false),
      ),
    )
    .returning();
  return row ?? null;
}

/** Ends a run that is still running; a run aborted meanwhile keeps its failed state. */
export async function endResult(
  db: DbOrTx,
  resultId: string,
  version: number,
  status: 'finish' | 'failed',
  errors: string[],
): Promise<void> {
  await db
    .update(actionResults)
    .set({ status, errors, updatedAt: now() })
    .where(and(pk(resultId, version), inArray(actionResults.status, RUNNING)));
}

/**
 * The heartbeat of a running engine: bumps updatedAt (its lease, see failStaleRuns) and answers
 * whether the engine should stop: an abort was asked, or the run is no longer running (recovery
 * took it for lost, or the row is gone).
 */
export async function heartbeat(db: DbOrTx, resultId: string, version: number): Promise<boolean> {
  const [row] = await db
    .update(actionResults)
    .set({ updatedAt: now() })
    .where(and(pk(resultId, version), inArray(actionResults.status, RUNNING)))
    .returning({ abortRequested: actionResults.abortRequested });
  return row?.abortRequested ?? true;
}

/** Flags a running version for abort; a waiting one (queued) fails at once. */
export async function requestAbort(db: DbOrTx, resultId: string, version: number): Promise<void> {
  await db
    .update(actionResults)
    .set({ abortRequested: true, updatedAt: now() })
    .where(and(pk(resultId, version), inArray(actionResults.status, RUNNING)));
  await db
    .update(actionResults)
    .set({ status: 'failed', errors: ['aborted'], updatedAt: now() })
    .where(and(pk(resultId, version), eq(actionResults.status, 'waiting')));
}

export async function insertStep(
  db: DbOrTx,
  resultId: string,
  version: number,
  stepIndex: number,
  name: string,
): Promise<void> {
  await db.insert(actionSteps).values({ resultId, version, stepIndex, name }).onConflictDoNothing();
}

/** Appends streamed text in place, so each batch costs one small write. */
export async function appendStep(
  db: DbOrTx,
  resultId: string,
  version: number,
  stepIndex: number,
  content: string,
  reasoning: string,
): Promise<void> {
  await db
    .update(actionSteps)
    .set({
      content: sql`${actionSteps.content} || ${content}`,
      reasoningContent: sql`${actionSteps.reasoningContent} || ${reasoning}`,
      updatedAt: now(),
    })
    .where(stepPk(resultId, version, stepIndex));
}

export type StepPatch = Partial<Pick<ActionStepRow, 'artifacts' | 'structuredData' | 'logs' | 'tokenUsage'>>;

export async function patchStep(
  db: DbOrTx,
  resultId: string,
  version: number,
  stepIndex: number,
  patch: StepPatch,
): Promise<void> {
  await db
    .update(actionSteps)
    .set({ ...patch, updatedAt: now() })
    .where(stepPk(resultId, version, stepIndex));
}

/**
 * Runs whose engine stopped beating before `staleBefore` lost their worker (a crash, a kill, a
 * lost instance): they fail with the reason 'interrupted'. Answers how many.
 */
export async function failStaleRuns(db: DbOrTx, staleBefore: Date): Promise<number> {
  const rows = await db
    .update(actionResults)
    .set({ status: 'failed', errors: ['interrupted'], updatedAt: now() })
    .where(and(eq(actionResults.status, 'executing'), lt(actionResults.updatedAt, staleBefore)))
    .returning({ resultId: actionResults.resultId });
  return rows.length;
}

/** Runs queued and not yet started (after a restart the in-process queue has forgotten them). */
export function waitingRuns(db: DbOrTx): Promise<Array<Pick<ActionResultRow, 'resultId' | 'version'>>> {
  return db
    .select({ resultId: actionResults.resultId, version: actionResults.version })
    .from(actionResults)
    .where(eq(actionResults.status, 'waiting'));
}
