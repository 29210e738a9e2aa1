/** Label queries other modules need when the items labels sit on go away. */
import { and, eq, inArray } from 'drizzle-orm';
import type { LabelEntityType } from '@atelier/contract';
import { labelInstances } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/helpers.js';

/** Removes the caller's labels on these items (call it when deleting them). */
export async function deleteLabelsOn(
  db: DbOrTx,
  uid: string,
  entityType: LabelEntityType,
  entityIds: readonly string[],
): Promise<void> {
  if (!entityIds.length) return;
  await db
    .delete(labelInstances)
    .where(
      and(
        eq(labelInstances.uid, uid),
        eq(labelInstances.entityType, entityType),
        inArray(labelInstances.entityId, [...entityIds]),
      ),
    );
}
