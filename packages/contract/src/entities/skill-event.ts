/** Skill events streamed by /skill/streamInvoke, token usage and artifacts (spec sections 3, 4). */
import { z } from 'zod';
import { IconSchema, MetadataSchema, ModelTierSchema } from './common.js';
import { CanvasNodeDataSchema, CanvasNodeTypeSchema } from './canvas.js';
import { CitationAnchorSchema } from './citation.js';
import { SkillNameSchema } from './skill.js';

export const SkillEventTypeSchema = z.enum([
  'start',
  'end',
  'stream',
  'log',
  'artifact',
  'structured_data',
  'token_usage',
  'create_node',
  'error',
]);
export type SkillEventType = z.infer<typeof SkillEventTypeSchema>;

export const TokenUsageItemSchema = z.object({
  modelName: z.string(),
  modelProvider: z.string(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  tier: ModelTierSchema,
});
export type TokenUsageItem = z.infer<typeof TokenUsageItemSchema>;

export const ArtifactStatusSchema = z.enum(['waiting', 'generating', 'finish', 'failed']);
export type ArtifactStatus = z.infer<typeof ArtifactStatusSchema>;

/** Something a run produced (a document, a code artifact, an image) and how far along it is. */
export const ActionArtifactSchema = z.object({
  type: z.enum(['document', 'codeArtifact', 'image']),
  entityId: z.string(),
  title: z.string(),
  status: ArtifactStatusSchema,
});
export type ActionArtifact = z.infer<typeof ActionArtifactSchema>;

/** A progress line; `key` is an i18n key, args fill its placeholders. */
export const ActionLogSchema = z.object({
  key: z.string(),
  titleArgs: MetadataSchema.optional(),
  descriptionArgs: MetadataSchema.optional(),
});
export type ActionLog = z.infer<typeof ActionLogSchema>;

export const SkillMetaSchema = z.object({
  name: SkillNameSchema,
  displayName: z.string().optional(),
  icon: IconSchema.nullish(),
  skillId: z.string().optional(),
});
export type SkillMeta = z.infer<typeof SkillMetaSchema>;

export const ActionStepMetaSchema = z.object({ name: z.string(), title: z.string().optional() });

/**
 * One Server-Sent Event of a skill run, sent as `data: <json>\n\n`. Which optional fields are
 * present depends on `event`: stream → content/reasoningContent/citations, log → log, artifact → artifact,
 * structured_data → structuredData, token_usage → tokenUsage, create_node → node,
 * error → error (a catalogue code) and originError (the provider's text). start and end carry
 * only the common fields.
 */
export const SkillEventSchema = z.object({
  event: SkillEventTypeSchema,
  resultId: z.string(),
  version: z.number().int().nonnegative(),
  skillMeta: SkillMetaSchema.optional(),
  step: ActionStepMetaSchema.optional(),
  content: z.string().optional(),
  /**
   * Ours: citations of this stream delta, offsets in the step's whole clean content (the
   * content carries no marker; citations.ts).
   */
  citations: z.array(CitationAnchorSchema).optional(),
  reasoningContent: z.string().optional(),
  tokenUsage: TokenUsageItemSchema.optional(),
  log: ActionLogSchema.optional(),
  structuredData: MetadataSchema.optional(),
  artifact: ActionArtifactSchema.optional(),
  node: z.object({ type: CanvasNodeTypeSchema, data: CanvasNodeDataSchema }).optional(),
  error: z.string().optional(),
  originError: z.string().optional(),
});
export type SkillEvent = z.infer<typeof SkillEventSchema>;
