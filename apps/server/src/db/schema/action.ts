/** Action results (skill runs): one row per result version, and its steps, appended to while streaming. */
import type {
  ActionArtifact,
  ActionLog,
  ActionStatus,
  ActionType,
  EntityType,
  InvokeContext,
  ModelInfo,
  ModelTier,
  ResultHistoryItem,
  SkillInput,
  SkillRuntimeConfig,
  TokenUsageItem,
  TplConfig,
} from '@atelier/contract';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What a run needs besides the contract fields, so a queued job can run from the row alone. */
export interface ActionRunOptions {
  skillName: string;
  modelItemId: string | null;
  projectId: string | null;
  locale: string | null;
  skillId: string | null;
  triggerId: string | null;
  selectedMcpServers: string[];
}

export const actionResults = pgTable(
  'action_results',
  {
    resultId: text('result_id').notNull(),
    version: integer('version').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    input: jsonb('input').$type<SkillInput>().notNull(),
    tier: text('tier').$type<ModelTier>(),
    status: text('status').$type<ActionStatus>().notNull().default('waiting'),
    type: text('type').$type<ActionType>().notNull().default('skill'),
    modelInfo: jsonb('model_info').$type<ModelInfo>(),
    targetType: text('target_type').$type<EntityType>(),
    targetId: text('target_id'),
    actionMeta: jsonb('action_meta').$type<{ type: ActionType; name: string; displayName?: string }>(),
    context: jsonb('context').$type<InvokeContext>(),
    tplConfig: jsonb('tpl_config').$type<TplConfig>(),
    runtimeConfig: jsonb('runtime_config').$type<SkillRuntimeConfig>(),
    history: jsonb('history').$type<ResultHistoryItem[]>(),
    runOptions: jsonb('run_options').$type<ActionRunOptions>().notNull(),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    /** Set by /action/abort on any instance; the running engine polls it. */
    abortRequested: boolean('abort_requested').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.resultId, t.version] }),
    index().on(t.uid, t.updatedAt),
    index().on(t.uid, t.targetType, t.targetId),
    index().on(t.status),
  ],
);

export const actionSteps = pgTable(
  'action_steps',
  {
    resultId: text('result_id').notNull(),
    version: integer('version').notNull(),
    /** Position of the step in the run, from 0. */
    stepIndex: integer('step_index').notNull(),
    name: text('name').notNull(),
    content: text('content').notNull().default(''),
    reasoningContent: text('reasoning_content').notNull().default(''),
    artifacts: jsonb('artifacts').$type<ActionArtifact[]>().notNull().default([]),
    structuredData: jsonb('structured_data').$type<Record<string, unknown>>(),
    logs: jsonb('logs').$type<ActionLog[]>().notNull().default([]),
    tokenUsage: jsonb('token_usage').$type<TokenUsageItem[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.resultId, t.version, t.stepIndex] })],
);
