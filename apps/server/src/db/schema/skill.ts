/**
 * Skill instances (a user's named, configured copy of a built-in skill), their triggers (timer or
 * simple event) and the trigger runs. A timer trigger's `next_run_at` is the lease the scheduler
 * takes (`FOR UPDATE SKIP LOCKED` on PostgreSQL); `skill_trigger_runs` holds one row per due run
 * (unique per trigger and run key), so a run is recorded once however many processes see it.
 */
import type {
  Icon,
  InvokeContext,
  SimpleEventName,
  SkillInvocationConfig,
  SkillName,
  TimerConfig,
  TplConfig,
  TriggerType,
} from '@atelier/contract';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const skillInstances = pgTable(
  'skill_instances',
  {
    skillId: text('skill_id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** The built-in skill it runs. */
    tplName: text('tpl_name').$type<SkillName>().notNull(),
    displayName: text('display_name').notNull(),
    description: text('description'),
    icon: jsonb('icon').$type<Icon>(),
    /** Secret values (skill.secretConfigKeys) sealed as in a run's tplConfig. */
    tplConfig: jsonb('tpl_config').$type<TplConfig>(),
    invocationConfig: jsonb('invocation_config').$type<SkillInvocationConfig>().notNull(),
    pinnedAt: ts('pinned_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.uid, t.createdAt)],
);

export interface TriggerInput {
  query: string;
  images?: string[] | undefined;
}

export const skillTriggers = pgTable(
  'skill_triggers',
  {
    triggerId: text('trigger_id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    skillId: text('skill_id')
      .notNull()
      .references(() => skillInstances.skillId, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    triggerType: text('trigger_type').$type<TriggerType>().notNull(),
    simpleEventName: text('simple_event_name').$type<SimpleEventName>(),
    timerConfig: jsonb('timer_config').$type<TimerConfig>(),
    input: jsonb('input').$type<TriggerInput>(),
    context: jsonb('context').$type<InvokeContext>(),
    tplConfig: jsonb('tpl_config').$type<TplConfig>(),
    enabled: boolean('enabled').notNull().default(true),
    /** Timer triggers: the next due time (null when disabled or a one-off already ran). */
    nextRunAt: ts('next_run_at'),
    lastRunAt: ts('last_run_at'),
    /**
     * Simple-event triggers: resources that became ready at or after this time run it (set on
     * creation and when the trigger is enabled again or becomes an event trigger).
     */
    armedAt: ts('armed_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.uid, t.createdAt), index().on(t.skillId), index().on(t.nextRunAt)],
);

/**
 * One due run of a trigger. `run_key` names the occurrence (`timer:<due ISO time>`,
 * `resource:<id>:<ready count>`); `result_id` is chosen when the row is written, so creating the
 * skill job is idempotent (a second attempt meets the existing result).
 */
export const skillTriggerRuns = pgTable(
  'skill_trigger_runs',
  {
    triggerId: text('trigger_id')
      .notNull()
      .references(() => skillTriggers.triggerId, { onDelete: 'cascade' }),
    runKey: text('run_key').notNull(),
    uid: text('uid').notNull(),
    resultId: text('result_id').notNull(),
    /** pending: the skill job is not recorded yet; started; failed (error says why). */
    status: text('status').$type<'pending' | 'started' | 'failed'>().notNull().default('pending'),
    /** The resource an 'on resource ready' run takes as context. */
    resourceId: text('resource_id'),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.triggerId, t.runKey] }), index().on(t.status)],
);
