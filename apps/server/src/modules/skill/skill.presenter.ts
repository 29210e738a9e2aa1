/** Wire shapes of the skill module: built-in skills as /skill/list describes them. */
import type { SkillTemplate } from '@atelier/contract';
import type { SkillDefinition } from '../../skills/skill.types.js';

export function presentSkillTemplate(skill: SkillDefinition): SkillTemplate {
  return {
    name: skill.name,
    icon: null,
    displayName: skill.displayName,
    description: skill.description,
    configSchema: skill.configSchema,
    invocationConfig: skill.invocationConfig,
  };
}
