/** The wire shapes of label classes (with their values) and labels. */
import type { LabelClass, LabelInstance } from '@atelier/contract';
import type { LabelClassRow, LabelRow } from './label.service.js';

export function presentLabelClass(row: LabelClassRow): LabelClass {
  return {
    labelClassId: row.labelClassId,
    name: row.name,
    displayName: row.displayName,
    icon: row.icon,
    prompt: row.prompt,
    values: row.values,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentLabel(row: LabelRow): LabelInstance {
  return {
    labelId: row.labelId,
    labelClassId: row.labelClassId,
    value: row.value,
    entityType: row.entityType,
    entityId: row.entityId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
