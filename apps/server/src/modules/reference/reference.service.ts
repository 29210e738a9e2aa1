/**
 * References between the caller's documents and resources: add (the caller needs write access to
 * both ends, else E1005; the same link twice is one reference), delete (E1004 for any id that is
 * not the caller's reference) and query by source and/or target. Every decision is the access
 * module's answer.
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { BaseReference, ReferenceType } from '@atelier/contract';
import type { Db } from '../../db/connect.js';
import { references } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { accessFor, userActor } from '../access/access.js';

export type ReferenceRow = typeof references.$inferSelect;

export interface ReferenceFilter {
  sourceType?: ReferenceType | undefined;
  sourceId?: string | undefined;
  targetType?: ReferenceType | undefined;
  targetId?: string | undefined;
}

/** Most references one query answers. */
export const REFERENCE_QUERY_LIMIT = 500;

const linkKey = (r: BaseReference) => `${r.sourceType}:${r.sourceId}>${r.targetType}:${r.targetId}`;

export class ReferenceService {
  constructor(private readonly db: Db) {}

  /** Answers the references in the order given, existing ones included. */
  async add(uid: string, input: BaseReference[]): Promise<ReferenceRow[]> {
    const unique = [...new Map(input.map((r) => [linkKey(r), r])).values()];
    for (const r of unique) {
      if (r.sourceType === r.targetType && r.sourceId === r.targetId) {
        throw badRequest('references: an item cannot reference itself');
      }
    }
    await this.checkEnds(uid, unique);
    return this.db.transaction(async (tx) => {
      await tx
        .insert(references)
        .values(unique.map((r) => ({ referenceId: newId('reference'), uid, ...r })))
        .onConflictDoNothing();
      const stored = await tx
        .select()
        .from(references)
        .where(
          and(
            eq(references.uid, uid),
            inArray(
              references.sourceId,
              unique.map((r) => r.sourceId),
            ),
            inArray(
              references.targetId,
              unique.map((r) => r.targetId),
            ),
          ),
        );
      const byLink = new Map(stored.map((row) => [linkKey(row), row]));
      return unique.flatMap((r) => byLink.get(linkKey(r)) ?? []);
    });
  }

  /** Deletes all or nothing: any id that is not the caller's reference answers E1004. */
  async delete(uid: string, referenceIds: string[]): Promise<void> {
    const ids = [...new Set(referenceIds)];
    await accessFor(this.db).require(userActor(uid), 'delete', 'reference', ids);
    await this.db.transaction(async (tx) => {
      const deleted = await tx
        .delete(references)
        .where(and(eq(references.uid, uid), inArray(references.referenceId, ids)))
        .returning({ id: references.referenceId });
      if (deleted.length !== ids.length) {
        const gone = new Set(deleted.map((d) => d.id));
        // Throwing rolls the transaction back: nothing is deleted.
        throw new AppError('E1004', `Reference ${ids.find((id) => !gone.has(id))} not found`);
      }
    });
  }

  async query(uid: string, filter: ReferenceFilter): Promise<ReferenceRow[]> {
    const where: SQL[] = [eq(references.uid, uid)];
    if (filter.sourceType) where.push(eq(references.sourceType, filter.sourceType));
    if (filter.sourceId) where.push(eq(references.sourceId, filter.sourceId));
    if (filter.targetType) where.push(eq(references.targetType, filter.targetType));
    if (filter.targetId) where.push(eq(references.targetId, filter.targetId));
    return this.db
      .select()
      .from(references)
      .where(and(...where))
      .orderBy(asc(references.createdAt), asc(references.referenceId))
      .limit(REFERENCE_QUERY_LIMIT);
  }

  /** E1005 unless the caller may change every one of these items. */
  private async requireEnds(uid: string, type: ReferenceType, ids: string[]): Promise<void> {
    const permitted = await accessFor(this.db).check(userActor(uid), 'write', type, ids);
    const missing = ids.find((id) => !permitted.has(id));
    if (missing) throw new AppError('E1005', `${type} ${missing} not found`);
  }

  /** Every source and target must be a document or resource the caller may change (E1005 otherwise). */
  private async checkEnds(uid: string, refs: BaseReference[]): Promise<void> {
    const wanted = new Map<ReferenceType, Set<string>>();
    for (const r of refs) {
      for (const [type, id] of [
        [r.sourceType, r.sourceId],
        [r.targetType, r.targetId],
      ] as const) {
        const set = wanted.get(type) ?? new Set<string>();
        set.add(id);
        wanted.set(type, set);
      }
    }
    for (const [type, ids] of wanted) await this.requireEnds(uid, type, [...ids]);
  }
}
