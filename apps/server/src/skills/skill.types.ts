/**
 * What a built-in skill is to the engine: its description for /skill/list, how it turns the built
 * context into a prompt, an optional `tools` hook (the place MCP or library tools plug in, run by
 * the AI SDK's tool loop up to `maxSteps`), and an optional `finish` that derives structured data.
 */
import type { ModelMessage, ToolSet } from 'ai';
import type {
  ActionArtifact,
  ActionLog,
  SkillEvent,
  SkillInput,
  SkillInvocationConfig,
  SkillName,
  TplConfig,
  TplConfigDefinition,
} from '@atelier/contract';
import type { CollabService } from '../collab/collab.service.js';
import type { AppContext } from '../context.js';
import type { ResolvedModel } from '../modules/provider/provider.types.js';
import type { UploadService } from '../modules/upload/upload.service.js';
import type { CitationSource } from './skill.citations.js';

/** The context of one run after loading, limits and the token budget. */
export interface BuiltContext {
  /** The numbered sources block the model cites from (empty when there are none). */
  sourcesText: string;
  sources: CitationSource[];
  /** Earlier turns of the thread. */
  history: ModelMessage[];
  customInstructions: string | null;
  /** A sentence telling the model which language to answer in. */
  localeInstruction: string;
  /** Items asked for but left out (not found, over the budget…), for the run's log. */
  skipped: Array<{ kind: string; id: string; reason: string }>;
}

export interface SkillPromptInput {
  query: string;
  tplConfig: TplConfig;
  context: BuiltContext;
  /** What `prepare` found out before the prompt (e.g. the document text editDoc changes). */
  prepared?: Record<string, unknown>;
}

export type SkillEventInit = Omit<SkillEvent, 'resultId' | 'version' | 'skillMeta'>;

/** What a skill's hooks get from the engine for one run. */
export interface SkillRunEnv {
  ctx: AppContext;
  /** Live documents the skill writes into. */
  collab: CollabService;
  /** Stored files (generated images). */
  files: UploadService;
  uid: string;
  resultId: string;
  version: number;
  input: SkillInput;
  tplConfig: TplConfig;
  target: { type: string | null; id: string | null };
  projectId: string | null;
  locale: string | null;
  /** The chat model of the run (null for skills that call no chat model). */
  model: ResolvedModel | null;
  signal: AbortSignal;
  step: { name: string };
  emit(event: SkillEventInit): void;
  /** Sends and stores a log line. */
  log(log: ActionLog): Promise<void>;
  /** Sends and stores an artifact; a later call with the same entityId replaces its status. */
  artifact(artifact: ActionArtifact): Promise<void>;
  /** Values shared between a skill's hooks during one run. */
  state: Record<string, unknown>;
}

/** A source a skill found itself (web or library search), added after the user's context. */
export interface GatheredSource {
  source: Omit<CitationSource, 'index'>;
  content: string;
}

/** Where a skill's answer goes besides the result: a live document, a code artifact. */
export interface SkillOutput {
  /** The whole (normalised) answer so far, after each streamed delta. */
  update(text: string): void;
  /** After the stream ended well: the whole answer; may return structured data. */
  finish(text: string): Promise<Record<string, unknown> | void>;
  /** The run failed or was stopped: keep what was written and mark the artifact failed. */
  fail(text: string): Promise<void>;
  /**
   * What the engine does with citation markers before handing text to this output: 'links'
   * (default, Markdown: `[n]` links to the sources) or 'strip' (code: markers removed).
   */
  citations?: 'links' | 'strip';
}

export interface SkillPrompt {
  system: string;
  messages: ModelMessage[];
}

export interface SkillToolsInput {
  uid: string;
  resultId: string;
  selectedMcpServers: string[];
  /** The run (target, signal, log) the tools act in. */
  env: SkillRunEnv;
}

/** What `check` sees of a request before a run is recorded. */
export interface SkillCheckInput {
  ctx: AppContext;
  uid: string;
  selectedMcpServers: string[];
  /** The chat model the run will use (null for skills without one). */
  model: ResolvedModel | null;
}

export interface SkillDefinition {
  name: SkillName;
  displayName: Record<string, string>;
  description: string;
  /** The step the answer is recorded under. */
  stepName: string;
  configSchema: TplConfigDefinition;
  invocationConfig: SkillInvocationConfig;
  prompt(input: SkillPromptInput): SkillPrompt;
  /** Tools the model may call; with tools the engine loops up to `maxSteps` model calls. */
  tools?(input: SkillToolsInput): Promise<ToolSet>;
  /** Most model calls of a run with tools (default 5); a function reads it from the configuration. */
  maxSteps?: number | ((config: AppContext['config']) => number);
  /** Extra titleArgs of a tool call's log lines (the server it belongs to, its duration…). */
  toolInfo?(env: SkillRunEnv, toolName: string, toolCallId: string): Record<string, unknown>;
  /** Runs after every run, ended well or not (closes what `tools` opened). */
  cleanup?(env: SkillRunEnv): Promise<void>;
  /** Checks the request against the caller's data before a run is recorded (throw AppError). */
  check?(input: SkillCheckInput): Promise<void>;
  /** Structured data derived from the final text (sent as a structured_data event and stored). */
  finish?(text: string): Record<string, unknown> | null;
  /** Checks the request before a run is recorded (throw AppError to refuse it). */
  validate?(input: SkillInput, tplConfig: TplConfig): void;
  /** Runs before the prompt: checks targets, loads what the prompt needs (kept in env.state). */
  prepare?(env: SkillRunEnv): Promise<void>;
  /** Sources the skill looks up itself (web search, library search), cited like the context. */
  gather?(env: SkillRunEnv): Promise<GatheredSource[]>;
  /** Where the streamed answer is written besides the result (documents, code artifacts); null: nowhere. */
  output?(env: SkillRunEnv): Promise<SkillOutput | null>;
  /** Skills that call no chat model (imageGeneration) do their whole step here. */
  execute?(env: SkillRunEnv): Promise<Record<string, unknown> | void>;
  /** Whether the skill needs a chat model (default true). */
  usesChatModel?: boolean;
  /** tplConfig keys holding secrets (sealed at rest, masked in answers). */
  secretConfigKeys?: readonly string[];
}

/** One item of a skill's configuration form. */
export type DynamicConfigItem = TplConfigDefinition['items'][number];
