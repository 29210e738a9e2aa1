/**
 * Label classes (a name, display name, icon, prompt and the values a label may take) and labels
 * (one value of a class, optionally on a canvas, document, resource, project or code artifact).
 * Authorization is the access module's answer (`loadLabelClass`, `loadLabel`): someone else's
 * class or label answers like a missing one (E1007, E1008), and so does an item to label.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CreateLabelClassSchema,
  CreateLabelInstanceSchema,
  ListLabelInstancesQuerySchema,
  PageQuery,
  UpdateLabelClassSchema,
} from '@atelier/contract';
import type { Db } from '../../db/connect.js';
import { labelClasses, labelInstances } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { now } from '../../lib/time.js';
import { accessFor, userActor, type AccessAction } from '../access/access.js';
import { isUniqueViolation, type DbOrTx } from '../../db/helpers.js';
import type { LabelTargetCheck } from './label.entities.js';

export type LabelClassRow = typeof labelClasses.$inferSelect;
export type LabelRow = typeof labelInstances.$inferSelect;
type CreateLabelClass = z.infer<typeof CreateLabelClassSchema>;
type UpdateLabelClass = z.infer<typeof UpdateLabelClassSchema>;
type CreateLabel = z.infer<typeof CreateLabelInstanceSchema>;
type ListLabels = z.infer<typeof ListLabelInstancesQuerySchema>;

const NAME_TAKEN = 'name: a label class with this name already exists';

function orderBy(table: typeof labelClasses | typeof labelInstances, order: PageQuery['order']): SQL {
  switch (order) {
    case 'creationAsc':
      return asc(table.createdAt);
    case 'creationDesc':
      return desc(table.createdAt);
    case 'updationAsc':
      return asc(table.updatedAt);
    case 'updationDesc':
      return desc(table.updatedAt);
  }
}

/** The class if `uid` may act on it this way (the access policy); E1007 otherwise. */
export async function loadLabelClass(
  db: DbOrTx,
  uid: string,
  labelClassId: string,
  action: AccessAction,
): Promise<LabelClassRow> {
  await accessFor(db).require(userActor(uid), action, 'labelClass', [labelClassId]);
  const [row] = await db
    .select()
    .from(labelClasses)
    .where(eq(labelClasses.labelClassId, labelClassId))
    .limit(1);
  if (!row) throw new AppError('E1007');
  return row;
}

/** The label if `uid` may act on it this way (the access policy); E1008 otherwise. */
export async function loadLabel(
  db: DbOrTx,
  uid: string,
  labelId: string,
  action: AccessAction,
): Promise<LabelRow> {
  await accessFor(db).require(userActor(uid), action, 'label', [labelId]);
  const [row] = await db.select().from(labelInstances).where(eq(labelInstances.labelId, labelId)).limit(1);
  if (!row) throw new AppError('E1008');
  return row;
}

function checkValue(cls: LabelClassRow, value: string): void {
  if (!cls.values.includes(value)) {
    throw badRequest(`value: must be one of the class's values (${cls.values.join(', ')})`);
  }
}

export class LabelService {
  constructor(
    private readonly db: Db,
    private readonly checkTarget: LabelTargetCheck,
  ) {}

  async createClass(uid: string, input: CreateLabelClass): Promise<LabelClassRow> {
    try {
      const [row] = await this.db
        .insert(labelClasses)
        .values({
          labelClassId: newId('labelClass'),
          uid,
          name: input.name,
          displayName: input.displayName,
          icon: input.icon ?? null,
          prompt: input.prompt,
          // The same value typed twice is one value.
          values: [...new Set(input.labels)],
        })
        .returning();
      return row!;
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest(NAME_TAKEN);
      throw err;
    }
  }

  async updateClass(uid: string, input: UpdateLabelClass): Promise<LabelClassRow> {
    await loadLabelClass(this.db, uid, input.labelClassId, 'write');
    const patch: Partial<typeof labelClasses.$inferInsert> = { updatedAt: now() };
    if (input.name !== undefined) patch.name = input.name;
    if (input.displayName !== undefined) patch.displayName = input.displayName;
    if (input.icon !== undefined) patch.icon = input.icon;
    if (input.prompt !== undefined) patch.prompt = input.prompt;
    if (input.labels !== undefined) {
      const values = [...new Set(input.labels)];
      const used = await this.db
        .selectDistinct({ value: labelInstances.value })
        .from(labelInstances)
        .where(and(eq(labelInstances.labelClassId, input.labelClassId), eq(labelInstances.uid, uid)));
      const removedInUse = used.map((row) => row.value).filter((value) => !values.includes(value));
      if (removedInUse.length > 0) {
        throw badRequest(
          `labels: values still used by labels cannot be removed (${removedInUse.join(', ')})`,
        );
      }
      patch.values = values;
    }
    try {
      const [row] = await this.db
        .update(labelClasses)
        .set(patch)
        .where(and(eq(labelClasses.labelClassId, input.labelClassId), eq(labelClasses.uid, uid)))
        .returning();
      if (!row) throw new AppError('E1007');
      return row;
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest(NAME_TAKEN);
      throw err;
    }
  }

  /** Deletes the class and every label of it. */
  async deleteClass(uid: string, labelClassId: string): Promise<void> {
    await loadLabelClass(this.db, uid, labelClassId, 'delete');
    const deleted = await this.db
      .delete(labelClasses)
      .where(and(eq(labelClasses.labelClassId, labelClassId), eq(labelClasses.uid, uid)))
      .returning({ id: labelClasses.labelClassId });
    if (!deleted.length) throw new AppError('E1007');
  }

  async listClasses(uid: string, query: PageQuery): Promise<LabelClassRow[]> {
    return this.db
      .select()
      .from(labelClasses)
      .where(eq(labelClasses.uid, uid))
      .orderBy(orderBy(labelClasses, query.order), asc(labelClasses.labelClassId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
  }

  /** Puts a value of the class on an item; the same value on the same item twice is one label. */
  async createLabel(uid: string, input: CreateLabel): Promise<LabelRow> {
    const cls = await loadLabelClass(this.db, uid, input.labelClassId, 'read');
    checkValue(cls, input.value);
    const entityType = input.entityType ?? null;
    const entityId = input.entityId ?? null;
    if (entityType && entityId) await this.checkTarget(this.db, uid, entityType, entityId);
    const [existing] = await this.db
      .select()
      .from(labelInstances)
      .where(
        and(
          eq(labelInstances.labelClassId, cls.labelClassId),
          eq(labelInstances.value, input.value),
          sql`${labelInstances.entityType} is not distinct from ${entityType}`,
          sql`${labelInstances.entityId} is not distinct from ${entityId}`,
        ),
      )
      .limit(1);
    if (existing) return existing;
    const [row] = await this.db
      .insert(labelInstances)
      .values({
        labelId: newId('label'),
        uid,
        labelClassId: cls.labelClassId,
        value: input.value,
        entityType,
        entityId,
      })
      .returning();
    return row!;
  }

  async updateLabel(uid: string, labelId: string, value: string): Promise<LabelRow> {
    const label = await loadLabel(this.db, uid, labelId, 'write');
    checkValue(await loadLabelClass(this.db, uid, label.labelClassId, 'read'), value);
    const [row] = await this.db
      .update(labelInstances)
      .set({ value, updatedAt: now() })
      .where(and(eq(labelInstances.labelId, labelId), eq(labelInstances.uid, uid)))
      .returning();
    if (!row) throw new AppError('E1008');
    return row;
  }

  async deleteLabel(uid: string, labelId: string): Promise<void> {
    await loadLabel(this.db, uid, labelId, 'delete');
    const deleted = await this.db
      .delete(labelInstances)
      .where(and(eq(labelInstances.labelId, labelId), eq(labelInstances.uid, uid)))
      .returning({ id: labelInstances.labelId });
    if (!deleted.length) throw new AppError('E1008');
  }

  async listLabels(uid: string, query: ListLabels): Promise<LabelRow[]> {
    if (query.labelClassId) await loadLabelClass(this.db, uid, query.labelClassId, 'read');
    const filters: SQL[] = [eq(labelInstances.uid, uid)];
    if (query.labelClassId) filters.push(eq(labelInstances.labelClassId, query.labelClassId));
    if (query.value !== undefined) filters.push(eq(labelInstances.value, query.value));
    if (query.entityType) filters.push(eq(labelInstances.entityType, query.entityType));
    if (query.entityId) filters.push(eq(labelInstances.entityId, query.entityId));
    return this.db
      .select()
      .from(labelInstances)
      .where(and(...filters))
      .orderBy(orderBy(labelInstances, query.order), asc(labelInstances.labelId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
  }
}
