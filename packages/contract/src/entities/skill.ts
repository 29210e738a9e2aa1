/** Skills: built-in skill names and templates, instances, context rules, tplConfig (spec section 3 "Skill"). */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import {
  DescriptionSchema,
  IconSchema,
  IdSchema,
  LocaleDictSchema,
  PageQuerySchema,
  QueryBooleanSchema,
  TimestampSchema,
} from './common.js';

export const SKILL_NAMES = [
  'agent',
  'commonQnA',
  'customPrompt',
  'codeArtifacts',
  'generateDoc',
  'editDoc',
  'rewriteDoc',
  'webSearch',
  'librarySearch',
  'recommendQuestions',
  'imageGeneration',
] as const;
export const SkillNameSchema = z.enum(SKILL_NAMES);
export type SkillName = z.infer<typeof SkillNameSchema>;
export const DEFAULT_SKILL_NAME: SkillName = 'commonQnA';

/** One configured value of a skill template, keyed by config item key. */
export const TplConfigValueSchema = z.object({
  value: z.unknown(),
  label: z.string().max(256).optional(),
  displayValue: z.string().max(1024).optional(),
});
export const TplConfigSchema = z
  .record(z.string().max(64), TplConfigValueSchema)
  .refine((value) => Object.keys(value).length <= 50, 'At most 50 config items');
export type TplConfig = z.infer<typeof TplConfigSchema>;

/**
 * Ours: what answers show for a secret of a tplConfig (an API key). Sent back, it stands for the
 * stored value; a client need not send it at all (a rerun keeps the secrets it ran with).
 */
export const TPL_CONFIG_SECRET_MASK = '••••••';

/** One item of a skill template's configuration form. */
export const DynamicConfigItemSchema = z.object({
  key: z.string(),
  inputMode: z.enum(['input', 'inputTextArea', 'inputNumber', 'select', 'multiSelect', 'switch']),
  labelDict: LocaleDictSchema,
  descriptionDict: LocaleDictSchema,
  required: z.boolean().optional(),
  defaultValue: z.unknown().optional(),
  options: z.array(z.object({ value: z.string(), labelDict: LocaleDictSchema })).optional(),
});
export const TplConfigSchemaSchema = z.object({ items: z.array(DynamicConfigItemSchema) });
export type TplConfigDefinition = z.infer<typeof TplConfigSchemaSchema>;

export const ContextRuleKeySchema = z.enum([
  'resources',
  'documents',
  'codeArtifacts',
  'contentList',
  'urls',
]);

/** How many items of one kind a skill takes; preferredSelectionKeys only for contentList. */
export const ContextRuleSchema = z
  .object({
    key: ContextRuleKeySchema,
    limit: z.number().int().min(1).max(LIMITS.maxContextItemsPerType).default(LIMITS.contextRuleDefaultLimit),
    required: z.boolean().default(false),
    preferredSelectionKeys: z.array(z.string().max(64)).max(20).optional(),
  })
  .superRefine((rule, ctx) => {
    if (rule.preferredSelectionKeys !== undefined && rule.key !== 'contentList') {
      ctx.addIssue({
        code: 'custom',
        path: ['preferredSelectionKeys'],
        message: 'preferredSelectionKeys applies only to the contentList key',
      });
    }
  });
export type ContextRule = z.infer<typeof ContextRuleSchema>;

/** invocationConfig: the group of context rules a skill declares. */
export const SkillInvocationConfigSchema = z.object({
  context: z
    .object({
      rules: z.array(ContextRuleSchema).max(10),
      /** `mutuallyExclusive`: only one of the rules' kinds may be used at a time. */
      relation: z.enum(['regular', 'mutuallyExclusive']).default('regular'),
    })
    .optional(),
});
export type SkillInvocationConfig = z.infer<typeof SkillInvocationConfigSchema>;

/** A built-in skill as GET /skill/list describes it. */
export const SkillTemplateSchema = z.object({
  name: SkillNameSchema,
  icon: IconSchema.nullish(),
  displayName: LocaleDictSchema,
  description: z.string(),
  configSchema: TplConfigSchemaSchema,
  invocationConfig: SkillInvocationConfigSchema,
});
export type SkillTemplate = z.infer<typeof SkillTemplateSchema>;

/** A user's skill instance. `name` is the built-in skill it runs, `displayName` what people see. */
export const SkillInstanceSchema = z.object({
  skillId: z.string(),
  name: SkillNameSchema,
  displayName: z.string(),
  icon: IconSchema.nullish(),
  description: z.string().nullish(),
  promptHint: z.string().nullish(),
  tplConfig: TplConfigSchema.nullish(),
  tplConfigSchema: TplConfigSchemaSchema.nullish(),
  invocationConfig: SkillInvocationConfigSchema,
  pinnedAt: TimestampSchema.nullish(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type SkillInstance = z.infer<typeof SkillInstanceSchema>;

export const CreateSkillInstanceSchema = z.object({
  tplName: SkillNameSchema,
  displayName: z.string().trim().min(1, 'Name is required').max(256),
  description: DescriptionSchema.optional(),
  icon: IconSchema.optional(),
  tplConfig: TplConfigSchema.optional(),
  /** The context rules this instance takes; the template's when omitted. */
  invocationConfig: SkillInvocationConfigSchema.optional(),
});
export type CreateSkillInstance = z.infer<typeof CreateSkillInstanceSchema>;

export const UpdateSkillInstanceSchema = z.object({
  skillId: IdSchema,
  displayName: z.string().trim().min(1, 'Name is required').max(256).optional(),
  description: DescriptionSchema.optional(),
  icon: IconSchema.nullable().optional(),
  tplConfig: TplConfigSchema.optional(),
  invocationConfig: SkillInvocationConfigSchema.optional(),
});
export type UpdateSkillInstance = z.infer<typeof UpdateSkillInstanceSchema>;

export const SkillIdBodySchema = z.object({ skillId: IdSchema });

export const ListSkillInstancesQuerySchema = PageQuerySchema.extend({
  skillId: IdSchema.optional(),
  /** Pinned instances first, most recently pinned on top. */
  sortByPin: QueryBooleanSchema.optional(),
});
export type ListSkillInstancesQuery = z.infer<typeof ListSkillInstancesQuerySchema>;
