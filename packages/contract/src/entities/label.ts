/** Label classes and label instances (spec sections 3 "Label", 5). */
import { z } from 'zod';
import { IconSchema, IdSchema, PageQuerySchema, TimestampSchema } from './common.js';

const LabelValueSchema = z.string().trim().min(1, 'Label value cannot be empty').max(256);
const ClassPromptSchema = z.string().trim().min(1, 'Prompt is required').max(10_000);

/** What a label may be put on; each answers its own not-found code when it is not the caller's. */
export const LabelEntityTypeSchema = z.enum(['canvas', 'document', 'resource', 'project', 'codeArtifact']);
export type LabelEntityType = z.infer<typeof LabelEntityTypeSchema>;

export const LabelInstanceSchema = z.object({
  labelId: z.string(),
  labelClassId: z.string(),
  /** One of the class's values. */
  value: z.string(),
  /** The item the label is on (absent for a label on nothing yet). */
  entityType: LabelEntityTypeSchema.nullish(),
  entityId: z.string().nullish(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type LabelInstance = z.infer<typeof LabelInstanceSchema>;

export const LabelClassSchema = z.object({
  labelClassId: z.string(),
  name: z.string(),
  displayName: z.string(),
  icon: IconSchema.nullish(),
  /** Tells the AI when to apply which value. */
  prompt: z.string(),
  /** The values a label of this class may take (at least one). */
  values: z.array(z.string()),
  /** Labels of this class (not filled by the class calls; see /label/instance/list). */
  labels: z.array(LabelInstanceSchema).optional(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type LabelClass = z.infer<typeof LabelClassSchema>;

/** A class with its values: name, displayName, prompt and at least one value are required. */
export const CreateLabelClassSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(128),
  displayName: z.string().trim().min(1, 'Display name is required').max(256),
  icon: IconSchema.optional(),
  prompt: ClassPromptSchema,
  labels: z.array(LabelValueSchema).min(1, 'At least one label value is required').max(200),
});
export type CreateLabelClass = z.infer<typeof CreateLabelClassSchema>;

export const UpdateLabelClassSchema = z.object({
  labelClassId: IdSchema,
  name: z.string().trim().min(1, 'Name is required').max(128).optional(),
  displayName: z.string().trim().min(1, 'Display name is required').max(256).optional(),
  icon: IconSchema.nullable().optional(),
  prompt: ClassPromptSchema.optional(),
  /**
   * Replaces the class's values (at least one). A value still carried by a label cannot be
   * removed: change or delete those labels first.
   */
  labels: z.array(LabelValueSchema).min(1, 'At least one label value is required').max(200).optional(),
});

export const LabelClassIdBodySchema = z.object({ labelClassId: IdSchema });

/** entityType and entityId come together or not at all. */
function refineEntity(value: { entityType?: unknown; entityId?: unknown }, ctx: z.RefinementCtx) {
  if ((value.entityType === undefined) !== (value.entityId === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [value.entityType === undefined ? 'entityType' : 'entityId'],
      message: 'entityType and entityId must be given together',
    });
  }
}

/** Puts one of a class's values on an item (or on nothing yet). */
export const CreateLabelInstanceSchema = z
  .object({
    labelClassId: IdSchema,
    value: LabelValueSchema,
    entityType: LabelEntityTypeSchema.optional(),
    entityId: IdSchema.optional(),
  })
  .superRefine(refineEntity);
export const UpdateLabelInstanceSchema = z.object({ labelId: IdSchema, value: LabelValueSchema });
export const LabelIdBodySchema = z.object({ labelId: IdSchema });

export const ListLabelInstancesQuerySchema = PageQuerySchema.extend({
  labelClassId: IdSchema.optional(),
  value: z.string().max(256).optional(),
  entityType: LabelEntityTypeSchema.optional(),
  entityId: IdSchema.optional(),
});
