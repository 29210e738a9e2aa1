/** Action results: one record per skill or tool run, with its steps (spec section 3 "Action result"). */
import { z } from 'zod';
import {
  EntityTypeSchema,
  IdSchema,
  MetadataSchema,
  ModelTierSchema,
  PageQuerySchema,
  TimestampSchema,
  queryInt,
} from './common.js';
import { ModelInfoSchema } from './provider.js';
import { TplConfigSchema } from './skill.js';
import { ActionArtifactSchema, ActionLogSchema, TokenUsageItemSchema } from './skill-event.js';
import {
  ResultHistoryItemSchema,
  SkillContextSchema,
  SkillInputSchema,
  SkillRuntimeConfigSchema,
} from './skill-invoke.js';

export const ActionStatusSchema = z.enum(['waiting', 'executing', 'finish', 'failed']);
export type ActionStatus = z.infer<typeof ActionStatusSchema>;

export const ActionTypeSchema = z.enum(['skill', 'tool']);
export type ActionType = z.infer<typeof ActionTypeSchema>;

export const ActionMetaSchema = z.object({
  type: ActionTypeSchema,
  /** Skill name, or the tool's name for tool runs. */
  name: z.string(),
  displayName: z.string().optional(),
});

export const ActionStepSchema = z.object({
  name: z.string(),
  content: z.string(),
  reasoningContent: z.string().optional(),
  artifacts: z.array(ActionArtifactSchema).optional(),
  structuredData: MetadataSchema.optional(),
  logs: z.array(ActionLogSchema).optional(),
  tokenUsage: z.array(TokenUsageItemSchema).optional(),
});
export type ActionStep = z.infer<typeof ActionStepSchema>;

export const ActionResultSchema = z.object({
  resultId: z.string(),
  /** Each rerun of the same result is a new version. */
  version: z.number().int().nonnegative(),
  title: z.string(),
  input: SkillInputSchema,
  tier: ModelTierSchema.nullish(),
  status: ActionStatusSchema,
  type: ActionTypeSchema,
  modelInfo: ModelInfoSchema.nullish(),
  targetType: EntityTypeSchema.nullish(),
  targetId: z.string().nullish(),
  actionMeta: ActionMetaSchema.nullish(),
  context: SkillContextSchema.nullish(),
  tplConfig: TplConfigSchema.nullish(),
  runtimeConfig: SkillRuntimeConfigSchema.nullish(),
  history: z.array(ResultHistoryItemSchema).nullish(),
  /** Ours: the skill instance the run used, so a follow-up or rerun runs the same one. */
  skillId: z.string().nullish(),
  /** Ours: the MCP servers an agent run used (omitted when none), kept by its follow-ups and reruns. */
  selectedMcpServers: z.array(z.string()).optional(),
  /** Omitted in lists. */
  steps: z.array(ActionStepSchema).optional(),
  /** Catalogue codes or messages of what went wrong. */
  errors: z.array(z.string()).optional(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type ActionResult = z.infer<typeof ActionResultSchema>;

export const GetActionResultQuerySchema = z.object({
  resultId: IdSchema,
  /** Omitted: the latest version. */
  version: queryInt(0, 1_000_000).optional(),
});

export const ListActionResultsQuerySchema = PageQuerySchema.extend({
  targetType: EntityTypeSchema.optional(),
  targetId: IdSchema.optional(),
  type: ActionTypeSchema.optional(),
  status: ActionStatusSchema.optional(),
  skillId: IdSchema.optional(),
});

export const AbortActionSchema = z.object({ resultId: IdSchema });
