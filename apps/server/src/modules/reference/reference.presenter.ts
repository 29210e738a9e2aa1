/** The wire shape of a reference (ReferenceSchema). */
import type { Reference } from '@atelier/contract';
import type { ReferenceRow } from './reference.service.js';

export function presentReference(row: ReferenceRow): Reference {
  return {
    referenceId: row.referenceId,
    sourceType: row.sourceType,
    sourceId: row.sourceId,
    targetType: row.targetType,
    targetId: row.targetId,
  };
}
