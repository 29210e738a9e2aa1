/** Skill triggers: timed or event-based runs of a skill instance (spec sections 3, 4, 5). */
import { z } from 'zod';
import { IdSchema, PageQuerySchema, StorageKeySchema, TimestampSchema } from './common.js';
import { TplConfigSchema } from './skill.js';
import { InvokeContextSchema } from './skill-invoke.js';

export const TriggerTypeSchema = z.enum(['timer', 'simpleEvent']);
export type TriggerType = z.infer<typeof TriggerTypeSchema>;

/** Events a trigger can listen to; the interface shows 'on resource ready'. */
export const SimpleEventNameSchema = z.enum(['onResourceReady']);
export type SimpleEventName = z.infer<typeof SimpleEventNameSchema>;

export const RepeatIntervalSchema = z.enum(['hour', 'day', 'week', 'month', 'year']);
export type RepeatInterval = z.infer<typeof RepeatIntervalSchema>;

export const TimerConfigSchema = z.object({
  /** First run, ISO-8601 with offset. */
  datetime: z.iso.datetime({ offset: true }),
  /** Omitted: run once. */
  repeatInterval: RepeatIntervalSchema.optional(),
  /**
   * IANA time zone (e.g. Europe/Paris) in which days, months and years are counted: the user's,
   * sent by the app from the browser. Omitted: the fixed offset of `datetime`.
   */
  timeZone: z.string().min(1).max(64).optional(),
});
export type TimerConfig = z.infer<typeof TimerConfigSchema>;

export const TriggerInputSchema = z.object({
  query: z.string().max(10_000),
  images: z.array(StorageKeySchema).max(10).optional(),
});

export const SkillTriggerSchema = z.object({
  triggerId: z.string(),
  skillId: z.string(),
  displayName: z.string(),
  triggerType: TriggerTypeSchema,
  simpleEventName: SimpleEventNameSchema.nullish(),
  timerConfig: TimerConfigSchema.nullish(),
  input: TriggerInputSchema.nullish(),
  context: InvokeContextSchema.nullish(),
  tplConfig: TplConfigSchema.nullish(),
  enabled: z.boolean(),
  /** When a timer trigger runs next (null: disabled, an event trigger, or a one-off that ran). */
  nextRunAt: TimestampSchema.nullish(),
  lastRunAt: TimestampSchema.nullish(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type SkillTrigger = z.infer<typeof SkillTriggerSchema>;

interface TriggerShape {
  triggerType?: TriggerType | undefined;
  timerConfig?: TimerConfig | undefined;
  simpleEventName?: SimpleEventName | undefined;
}

/** A timer trigger needs timerConfig; a simple-event trigger needs simpleEventName. */
function refineTrigger(value: TriggerShape, ctx: z.RefinementCtx): void {
  if (value.triggerType === 'timer' && !value.timerConfig) {
    ctx.addIssue({ code: 'custom', path: ['timerConfig'], message: 'A timer trigger needs timerConfig' });
  }
  if (value.triggerType === 'simpleEvent' && !value.simpleEventName) {
    ctx.addIssue({
      code: 'custom',
      path: ['simpleEventName'],
      message: 'A simple-event trigger needs simpleEventName',
    });
  }
}

const TriggerFields = {
  displayName: z.string().trim().min(1, 'Name is required').max(256),
  triggerType: TriggerTypeSchema,
  simpleEventName: SimpleEventNameSchema.optional(),
  timerConfig: TimerConfigSchema.optional(),
  input: TriggerInputSchema.optional(),
  context: InvokeContextSchema.optional(),
  tplConfig: TplConfigSchema.optional(),
};

export const CreateSkillTriggerSchema = z
  .object({ skillId: IdSchema, ...TriggerFields, enabled: z.boolean().default(true) })
  .superRefine(refineTrigger);
export type CreateSkillTrigger = z.infer<typeof CreateSkillTriggerSchema>;

/** Partial update; when triggerType is given, the field it needs must come with it. */
export const UpdateSkillTriggerSchema = z
  .object({ triggerId: IdSchema, ...TriggerFields, enabled: z.boolean() })
  .partial()
  .required({ triggerId: true })
  .superRefine(refineTrigger);
export type UpdateSkillTrigger = z.infer<typeof UpdateSkillTriggerSchema>;

export const TriggerIdBodySchema = z.object({ triggerId: IdSchema });

export const ListSkillTriggersQuerySchema = PageQuerySchema.extend({ skillId: IdSchema.optional() });
export type ListSkillTriggersQuery = z.infer<typeof ListSkillTriggersQuerySchema>;
