/** Whether the caller may label an item: the access policy's answer, refused with the item's not-found code. */
import type { LabelEntityType } from '@atelier/contract';
import { accessFor, userActor } from '../access/access.js';
import type { DbOrTx } from '../../db/helpers.js';

export type LabelTargetCheck = (
  db: DbOrTx,
  uid: string,
  entityType: LabelEntityType,
  entityId: string,
) => Promise<void>;

/** Putting a label on an item changes it: the caller needs write access to it. */
export function labelTargetCheck(): LabelTargetCheck {
  return (db, uid, entityType, entityId) =>
    accessFor(db).require(userActor(uid), 'write', entityType, [entityId]);
}
