/** Model providers, provider items (models) and their configs (spec section 3 "Provider and models"). */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import {
  HttpUrlSchema,
  IdSchema,
  MetadataSchema,
  ModelTierSchema,
  NameSchema,
  QueryBooleanSchema,
} from './common.js';

export const ProviderCategorySchema = z.enum([
  'llm',
  'embedding',
  'reranker',
  'webSearch',
  'urlParsing',
  'pdfParsing',
]);
export type ProviderCategory = z.infer<typeof ProviderCategorySchema>;

/** The provider type: openai, anthropic, ollama, openai-compatible, searxng… */
const ProviderKeySchema = z
  .string()
  .min(1)
  .max(64)
  .regex(
    /^[a-z0-9][a-z0-9._-]*$/,
    'Provider type must be lower-case letters, digits, dot, dash or underscore',
  );

/** A provider as the browser sees it: the API key is never sent back. */
export const ProviderSchema = z.object({
  providerId: z.string(),
  providerKey: z.string(),
  name: z.string(),
  categories: z.array(ProviderCategorySchema),
  baseUrl: z.string().nullish(),
  enabled: z.boolean(),
  /** Configured by the instance operator for everyone; read-only for users. */
  isGlobal: z.boolean(),
});
export type Provider = z.infer<typeof ProviderSchema>;

export const CreateProviderSchema = z.object({
  providerKey: ProviderKeySchema,
  name: NameSchema.min(1, 'Name is required'),
  categories: z.array(ProviderCategorySchema).min(1).max(6),
  baseUrl: HttpUrlSchema.optional(),
  /** Write-only. */
  apiKey: z.string().max(1024).optional(),
  enabled: z.boolean().default(true),
});
export type CreateProvider = z.infer<typeof CreateProviderSchema>;

export const UpdateProviderSchema = z.object({
  providerId: IdSchema,
  name: NameSchema.min(1, 'Name is required').optional(),
  categories: z.array(ProviderCategorySchema).min(1).max(6).optional(),
  baseUrl: HttpUrlSchema.nullable().optional(),
  /** Write-only; omitted keeps the stored key, '' clears it. */
  apiKey: z.string().max(1024).optional(),
  enabled: z.boolean().optional(),
});
export type UpdateProvider = z.infer<typeof UpdateProviderSchema>;

export const ProviderIdBodySchema = z.object({ providerId: IdSchema });

export const ListProvidersQuerySchema = z.object({
  enabled: QueryBooleanSchema.optional(),
  providerKey: z.string().max(64).optional(),
  category: ProviderCategorySchema.optional(),
  isGlobal: QueryBooleanSchema.optional(),
});

// ---- model configs ----

const ModelIdentity = { modelId: z.string().min(1).max(256), modelName: z.string().min(1).max(256) };

export const LlmCapabilitiesSchema = z.object({
  functionCall: z.boolean().optional(),
  vision: z.boolean().optional(),
  reasoning: z.boolean().optional(),
  contextCaching: z.boolean().optional(),
});
export const LlmModelConfigSchema = z.strictObject({
  ...ModelIdentity,
  contextLimit: z.number().int().positive().max(100_000_000).optional(),
  maxOutput: z.number().int().positive().max(10_000_000).optional(),
  capabilities: LlmCapabilitiesSchema.optional(),
});
export type LlmModelConfig = z.infer<typeof LlmModelConfigSchema>;

export const EmbeddingModelConfigSchema = z.strictObject({
  ...ModelIdentity,
  dimensions: z.number().int().positive().max(65_536).optional(),
  batchSize: z.number().int().positive().max(4_096).optional(),
});
export type EmbeddingModelConfig = z.infer<typeof EmbeddingModelConfigSchema>;

export const RerankerModelConfigSchema = z.strictObject({
  ...ModelIdentity,
  topN: z.number().int().positive().max(1_000).optional(),
  relevanceThreshold: z.number().min(0, 'Between 0 and 1').max(1, 'Between 0 and 1').optional(),
});
export type RerankerModelConfig = z.infer<typeof RerankerModelConfigSchema>;

/** webSearch, urlParsing and pdfParsing items carry free-form settings. */
export const ToolModelConfigSchema = MetadataSchema;

export const PROVIDER_ITEM_CONFIG_SCHEMAS = {
  llm: LlmModelConfigSchema,
  embedding: EmbeddingModelConfigSchema,
  reranker: RerankerModelConfigSchema,
  webSearch: ToolModelConfigSchema,
  urlParsing: ToolModelConfigSchema,
  pdfParsing: ToolModelConfigSchema,
} as const satisfies Record<ProviderCategory, z.ZodType>;

/**
 * Any category's config. The three model configs are strict so the union never picks one that
 * silently drops another's fields; the category-specific check is checkProviderItemConfig.
 */
export const ProviderItemConfigSchema = z.union([
  LlmModelConfigSchema,
  EmbeddingModelConfigSchema,
  RerankerModelConfigSchema,
  ToolModelConfigSchema,
]);
export type ProviderItemConfig = z.infer<typeof ProviderItemConfigSchema>;

/** Checks a config against its category's schema (the server uses it on update, where only it knows the category). */
export function checkProviderItemConfig(
  category: ProviderCategory,
  config: unknown,
  ctx: z.RefinementCtx,
  path: PropertyKey[] = ['config'],
): void {
  const result = PROVIDER_ITEM_CONFIG_SCHEMAS[category].safeParse(config);
  if (!result.success) {
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', path: [...path, ...issue.path], message: issue.message });
    }
  }
}

// ---- provider items ----

export const ModelInfoSchema = z.object({
  /** Model id at the provider. */
  name: z.string(),
  label: z.string(),
  providerKey: z.string(),
  providerItemId: z.string(),
  tier: ModelTierSchema.nullish(),
  contextLimit: z.number().int().nullish(),
  maxOutput: z.number().int().nullish(),
  capabilities: LlmCapabilitiesSchema.nullish(),
});
export type ModelInfo = z.infer<typeof ModelInfoSchema>;

export const ProviderItemSchema = z.object({
  itemId: z.string(),
  providerId: z.string(),
  name: z.string(),
  category: ProviderCategorySchema,
  enabled: z.boolean(),
  tier: ModelTierSchema.nullish(),
  config: ProviderItemConfigSchema,
  order: z.number().int(),
  group: z.string(),
  provider: ProviderSchema.optional(),
});
export type ProviderItem = z.infer<typeof ProviderItemSchema>;

export const DEFAULT_PROVIDER_ITEM_GROUP = 'default';

export const CreateProviderItemSchema = z
  .object({
    providerId: IdSchema,
    name: NameSchema.min(1, 'Name is required'),
    category: ProviderCategorySchema,
    enabled: z.boolean().default(true),
    tier: ModelTierSchema.optional(),
    config: ProviderItemConfigSchema,
    order: z.number().int().min(0).max(100_000).optional(),
    group: z.string().trim().min(1).max(64).default(DEFAULT_PROVIDER_ITEM_GROUP),
  })
  .superRefine((value, ctx) => checkProviderItemConfig(value.category, value.config, ctx));
export type CreateProviderItem = z.infer<typeof CreateProviderItemSchema>;

export const UpdateProviderItemSchema = z.object({
  itemId: IdSchema,
  name: NameSchema.min(1, 'Name is required').optional(),
  enabled: z.boolean().optional(),
  tier: ModelTierSchema.nullable().optional(),
  /** Checked against the item's category by the server (checkProviderItemConfig). */
  config: ProviderItemConfigSchema.optional(),
  order: z.number().int().min(0).max(100_000).optional(),
  group: z.string().trim().min(1).max(64).optional(),
});
export type UpdateProviderItem = z.infer<typeof UpdateProviderItemSchema>;

export const BatchCreateProviderItemSchema = z.object({
  items: z.array(CreateProviderItemSchema).min(1).max(LIMITS.maxBatchItems),
});
export const BatchUpdateProviderItemSchema = z.object({
  items: z.array(UpdateProviderItemSchema).min(1).max(LIMITS.maxBatchItems),
});
export const ProviderItemIdBodySchema = z.object({ itemId: IdSchema });

export const ListProviderItemsQuerySchema = z.object({
  providerId: IdSchema.optional(),
  category: ProviderCategorySchema.optional(),
  enabled: QueryBooleanSchema.optional(),
  isGlobal: QueryBooleanSchema.optional(),
});

/** A model the provider offers (from its model list), ready to be added as an item. */
export const ProviderItemOptionSchema = z.object({
  name: z.string(),
  category: ProviderCategorySchema,
  config: ProviderItemConfigSchema,
});
export const ListProviderItemOptionsQuerySchema = z.object({
  providerId: IdSchema,
  category: ProviderCategorySchema.optional(),
});

// ---- default models and image generation ----

export const DefaultModelSceneSchema = z.enum(['chat', 'queryAnalysis', 'titleGeneration']);
export type DefaultModelScene = z.infer<typeof DefaultModelSceneSchema>;
/** Provider item id per scene. */
export const DefaultModelConfigSchema = z.object({
  chat: z.string().max(128).optional(),
  queryAnalysis: z.string().max(128).optional(),
  titleGeneration: z.string().max(128).optional(),
});
export type DefaultModelConfig = z.infer<typeof DefaultModelConfigSchema>;

export const ImageRatioSchema = z.enum(['1:1', '16:9', '9:16']);
/** Two image-model variants of an OpenAI-compatible images API. */
export const ImageModelSchema = z.enum(['gpt-image-1', 'dall-e-3']);

/** tplConfig of the imageGeneration skill. */
export const ImageGenerationConfigSchema = z.object({
  apiUrl: HttpUrlSchema,
  apiKey: z.string().min(1).max(1024),
  imageRatio: ImageRatioSchema.default('1:1'),
  model: ImageModelSchema.default('gpt-image-1'),
});
export type ImageGenerationConfig = z.infer<typeof ImageGenerationConfigSchema>;

export const ImageGenerationProgressSchema = z.object({
  status: z.enum(['queued', 'generating', 'complete', 'timeout', 'error']),
  percentage: z.number().min(0).max(100),
  url: z.string().optional(),
  error: z.string().optional(),
});
export type ImageGenerationProgress = z.infer<typeof ImageGenerationProgressSchema>;

// ---- setup guide (Settings > Setup guide) ----

/** The steps of the setup guide, in order. */
export const SetupStepSchema = z.enum([
  'provider',
  'chatModel',
  'defaultModel',
  'embedding',
  'webSearch',
  'parser',
]);
export type SetupStep = z.infer<typeof SetupStepSchema>;
export const SETUP_STEPS: readonly SetupStep[] = SetupStepSchema.options;

/**
 * One live check of a setup step. Without an id the step checks what the server would use (the
 * first usable provider or model of the step, the chosen default, the chosen parser); with one,
 * that provider (`provider`, `webSearch`, `parser`) or model (`chatModel`, `defaultModel`,
 * `embedding`), which must be the caller's own or a global one.
 */
export const SetupCheckRequestSchema = z.strictObject({
  step: SetupStepSchema,
  providerId: IdSchema.optional(),
  itemId: IdSchema.optional(),
});
export type SetupCheckRequest = z.infer<typeof SetupCheckRequestSchema>;

/**
 * `ok`: the test call answered; `missing`: nothing is configured for the step yet; `failed`: the
 * call failed (`message` says why, in the provider's words). `target` is what was checked;
 * `builtIn` marks the built-in parser.
 */
export const SetupCheckResultSchema = z.object({
  step: SetupStepSchema,
  status: z.enum(['ok', 'missing', 'failed']),
  target: z
    .object({
      kind: z.enum(['provider', 'item', 'builtIn']),
      id: z.string().nullable(),
      name: z.string(),
    })
    .nullable(),
  /** What the test call answered: a model count, a reply, a vector size, a result count. */
  detail: z
    .object({
      count: z.number().int().optional(),
      reply: z.string().optional(),
      dimensions: z.number().int().optional(),
    })
    .optional(),
  /** Why the check failed, or what is missing. */
  message: z.string().optional(),
  /** The catalogue code of the failure. */
  errCode: z.string().optional(),
});
export type SetupCheckResult = z.infer<typeof SetupCheckResultSchema>;
