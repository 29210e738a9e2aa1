/**
 * The launchpad's skill picker: the user's skill instances (pinned ones first, most recently
 * pinned on top, then the others) and the built-in skills. An instance runs its template
 * (`skillName`) with its own settings and context rules, named by `skillId`.
 */
import type { SkillInstance, SkillName, SkillTemplate } from '@atelier/contract';

export type SkillGroup = 'pinned' | 'instances' | 'builtIn';

export interface SkillChoice {
  /** The picker's value: the skill's name, or `instance:<skillId>`. */
  value: string;
  label: string;
  description: string;
  group: SkillGroup;
  /** The built-in skill that runs. */
  skillName: SkillName;
  /** The instance that runs (absent for a built-in skill). */
  skillId?: string;
  /** Whose context rules apply: the instance's own, else the template's. */
  invocationConfig: SkillTemplate['invocationConfig'];
}

export const INSTANCE_PREFIX = 'instance:';

const time = (at: string | null | undefined) => (at ? Date.parse(at) : 0);

/**
 * Every choice in the order the picker shows them. Instances of a skill this server does not
 * offer are left out (running them would be refused).
 */
export function skillChoices(
  templates: readonly SkillTemplate[],
  instances: readonly SkillInstance[],
  labelOf: (template: SkillTemplate) => string,
): SkillChoice[] {
  const offered = new Set(templates.map((t) => t.name));
  const usable = instances.filter((i) => offered.has(i.name));
  const pinned = usable
    .filter((i) => i.pinnedAt)
    .sort((a, b) => time(b.pinnedAt) - time(a.pinnedAt) || a.displayName.localeCompare(b.displayName));
  const others = usable.filter((i) => !i.pinnedAt);
  const ofInstance = (i: SkillInstance, group: SkillGroup): SkillChoice => ({
    value: `${INSTANCE_PREFIX}${i.skillId}`,
    label: i.icon?.type === 'emoji' ? `${i.icon.value} ${i.displayName}` : i.displayName,
    description: i.description ?? '',
    group,
    skillName: i.name,
    skillId: i.skillId,
    invocationConfig: i.invocationConfig,
  });
  return [
    ...pinned.map((i) => ofInstance(i, 'pinned')),
    ...templates.map((t): SkillChoice => ({
      value: t.name,
      label: labelOf(t),
      description: t.description,
      group: 'builtIn',
      skillName: t.name,
      invocationConfig: t.invocationConfig,
    })),
    ...others.map((i) => ofInstance(i, 'instances')),
  ];
}

/** The chosen entry: the stored instance or skill, else the first built-in skill. */
export function chosenSkill(
  choices: readonly SkillChoice[],
  choice: { skillName: SkillName; skillId: string | null },
): SkillChoice | undefined {
  const wanted = choice.skillId ? `${INSTANCE_PREFIX}${choice.skillId}` : choice.skillName;
  return (
    choices.find((c) => c.value === wanted) ??
    choices.find((c) => c.value === choice.skillName) ??
    choices.find((c) => c.group === 'builtIn')
  );
}
