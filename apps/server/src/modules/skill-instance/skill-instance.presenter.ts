/** The wire shape of a skill instance: its template's form beside it, secret values masked. */
import type { SkillInstance } from '@atelier/contract';
import { iso } from '../../lib/time.js';
import { findSkill } from '../../skills/skill.builtins.js';
import { maskTplConfig } from '../../skills/skill.secrets.js';
import type { SkillInstanceRow } from './skill-instance.repository.js';

export function presentSkillInstance(row: SkillInstanceRow): SkillInstance {
  const skill = findSkill(row.tplName);
  return {
    skillId: row.skillId,
    name: row.tplName,
    displayName: row.displayName,
    icon: row.icon,
    description: row.description,
    promptHint: null,
    tplConfig: maskTplConfig(skill, row.tplConfig),
    tplConfigSchema: skill?.configSchema ?? null,
    invocationConfig: row.invocationConfig,
    pinnedAt: iso(row.pinnedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
