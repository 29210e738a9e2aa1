/** References between documents and resources (spec sections 3 "Reference", 7 "Knowledge"). */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { IdSchema, idListSchema } from './common.js';

export const ReferenceTypeSchema = z.enum(['document', 'resource']);
export type ReferenceType = z.infer<typeof ReferenceTypeSchema>;

export const BaseReferenceSchema = z.object({
  sourceType: ReferenceTypeSchema,
  sourceId: IdSchema,
  targetType: ReferenceTypeSchema,
  targetId: IdSchema,
});
export type BaseReference = z.infer<typeof BaseReferenceSchema>;

export const ReferenceSchema = BaseReferenceSchema.extend({ referenceId: z.string() });
export type Reference = z.infer<typeof ReferenceSchema>;

export const AddReferencesSchema = z.object({
  references: z.array(BaseReferenceSchema).min(1).max(LIMITS.maxBatchItems),
});
export const DeleteReferencesSchema = z.object({ referenceIds: idListSchema() });

/** Any combination of the four filters; at least a source or a target id is needed. */
export const QueryReferencesSchema = z
  .object({
    sourceType: ReferenceTypeSchema.optional(),
    sourceId: IdSchema.optional(),
    targetType: ReferenceTypeSchema.optional(),
    targetId: IdSchema.optional(),
  })
  .refine((value) => Boolean(value.sourceId ?? value.targetId), {
    message: 'A sourceId or a targetId is required',
    path: ['sourceId'],
  });
