/** The wire shape of a skill trigger; secret tplConfig values masked. */
import type { SkillTrigger } from '@atelier/contract';
import { iso } from '../../lib/time.js';
import { maskTplConfig } from '../../skills/skill.secrets.js';
import type { TriggerRow } from './trigger.repository.js';

export function presentTrigger(row: TriggerRow): SkillTrigger {
  return {
    triggerId: row.triggerId,
    skillId: row.skillId,
    displayName: row.displayName,
    triggerType: row.triggerType,
    simpleEventName: row.simpleEventName,
    timerConfig: row.timerConfig,
    input: row.input,
    context: row.context,
    tplConfig: maskTplConfig(null, row.tplConfig),
    enabled: row.enabled,
    nextRunAt: iso(row.nextRunAt),
    lastRunAt: iso(row.lastRunAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
