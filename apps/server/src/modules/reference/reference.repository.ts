/** Reference queries other modules need when a document or resource goes away. */
import { and, eq, inArray, or } from 'drizzle-orm';
import type { ReferenceType } from '@atelier/contract';
import { references } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/helpers.js';

/** Removes the caller's references from or to these items (call it when deleting them). */
export async function deleteReferencesOf(
  db: DbOrTx,
  uid: string,
  type: ReferenceType,
  ids: readonly string[],
): Promise<void> {
  if (!ids.length) return;
  await db
    .delete(references)
    .where(
      and(
        eq(references.uid, uid),
        or(
          and(eq(references.sourceType, type), inArray(references.sourceId, [...ids])),
          and(eq(references.targetType, type), inArray(references.targetId, [...ids])),
        ),
      ),
    );
}
