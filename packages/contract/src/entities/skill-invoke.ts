/** Skill context, input, runtime config and the invoke request (spec sections 3 "Skill", 7). */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import {
  ContentSchema,
  EntityRefSchema,
  HttpUrlSchema,
  IdSchema,
  MetadataSchema,
  OutputLocaleSchema,
  StorageKeySchema,
  TitleSchema,
} from './common.js';
import { SkillNameSchema, TplConfigSchema } from './skill.js';

const perType = LIMITS.maxContextItemsPerType;

/** Item types a person picks as context for a run. */
export const ContextItemTypeSchema = z.enum(['resource', 'document']);

const ContextEntryBase = {
  title: TitleSchema.optional(),
  /** The item open in the editor when the run started. */
  isCurrent: z.boolean().optional(),
  metadata: MetadataSchema.optional(),
};

export const SkillContextResourceItemSchema = z.object({ resourceId: IdSchema, ...ContextEntryBase });
export const SkillContextDocumentItemSchema = z.object({ docId: IdSchema, ...ContextEntryBase });
export const SkillContextCodeArtifactItemSchema = z.object({ artifactId: IdSchema, ...ContextEntryBase });
/** Free text: quotes, selections, earlier answers, clips sent by the browser extension. */
export const SkillContextContentItemSchema = z.object({
  content: ContentSchema,
  metadata: MetadataSchema.optional(),
});
export const SkillContextUrlItemSchema = z.object({
  url: HttpUrlSchema,
  metadata: MetadataSchema.optional(),
});

export const SkillContextSchema = z.object({
  resources: z.array(SkillContextResourceItemSchema).max(perType).optional(),
  documents: z.array(SkillContextDocumentItemSchema).max(perType).optional(),
  codeArtifacts: z.array(SkillContextCodeArtifactItemSchema).max(perType).optional(),
  contentList: z.array(SkillContextContentItemSchema).max(perType).optional(),
  urls: z.array(SkillContextUrlItemSchema).max(perType).optional(),
});
export type SkillContext = z.infer<typeof SkillContextSchema>;

/** The context keys an invoke takes: resources, documents, contentList, urls. */
export const InvokeContextSchema = SkillContextSchema.pick({
  resources: true,
  documents: true,
  contentList: true,
  urls: true,
});
export type InvokeContext = z.infer<typeof InvokeContextSchema>;

/**
 * The part of a document editDoc and rewriteDoc change. `text` is the selected text as Markdown
 * (what the editor's selection serialises to) and must occur in the document; editDoc without
 * `text` writes at the end of the document. With `suggest` the document is left alone: the answer
 * only streams back (the editor shows it as a suggestion and applies it if the user accepts).
 */
export const SkillSelectionSchema = z.object({
  docId: IdSchema,
  text: z.string().min(1, 'The selection cannot be empty').max(LIMITS.maxContentChars).optional(),
  suggest: z.boolean().optional(),
});
export type SkillSelection = z.infer<typeof SkillSelectionSchema>;

export const SkillInputSchema = z.object({
  query: ContentSchema,
  /** editDoc / rewriteDoc: the document and the selection to change. */
  selection: SkillSelectionSchema.optional(),
  /** Storage keys of uploaded images. */
  images: z.array(StorageKeySchema).max(10).optional(),
  /** The query before the engine rewrote it (answers only). */
  originalQuery: z.string().max(LIMITS.maxContentChars).optional(),
  /**
   * What the thread is called when the query is an instruction the app wrote (an editor action's
   * prompt) rather than what the person typed; the query's first line otherwise.
   */
  title: TitleSchema.optional(),
});
export type SkillInput = z.infer<typeof SkillInputSchema>;

export const SkillRuntimeConfigSchema = z.object({
  /** Do not fetch links that appear in the query. */
  disableLinkParsing: z.boolean().optional(),
  /** Search the library for context. */
  enabledKnowledgeBase: z.boolean().optional(),
});
export type SkillRuntimeConfig = z.infer<typeof SkillRuntimeConfigSchema>;

/** An earlier result of the thread, sent as history (the thread's memory). */
export const ResultHistoryItemSchema = z.object({
  resultId: IdSchema,
  title: TitleSchema.optional(),
  input: SkillInputSchema.optional(),
  steps: z
    .array(z.object({ name: z.string().max(128), content: ContentSchema }))
    .max(20)
    .optional(),
});
export type ResultHistoryItem = z.infer<typeof ResultHistoryItemSchema>;

/**
 * Body of /skill/invoke and /skill/streamInvoke: exactly the fields of spec section 7.
 * Without resultId a new run starts; with one, that result is rerun.
 */
export const InvokeSkillSchema = z.object({
  input: SkillInputSchema,
  context: InvokeContextSchema.optional(),
  resultHistory: z.array(ResultHistoryItemSchema).max(LIMITS.maxResultHistory).optional(),
  runtimeConfig: SkillRuntimeConfigSchema.optional(),
  tplConfig: TplConfigSchema.optional(),
  skillName: SkillNameSchema.default('commonQnA'),
  /** Where the result lands, usually the canvas. */
  target: EntityRefSchema.optional(),
  projectId: IdSchema.optional(),
  resultId: IdSchema.optional(),
  /** Output language; 'auto' follows the query. */
  locale: OutputLocaleSchema.optional(),
  /** Provider item (model) to use; the user's default chat model otherwise. */
  modelItemId: IdSchema.optional(),
  skillId: IdSchema.optional(),
  triggerId: IdSchema.optional(),
  /** Names of the caller's MCP servers whose tools the run may use. */
  selectedMcpServers: z.array(z.string().min(1).max(128)).max(20).optional(),
});
export type InvokeSkill = z.infer<typeof InvokeSkillSchema>;

export const InvokeSkillResultSchema = z.object({ resultId: z.string() });
