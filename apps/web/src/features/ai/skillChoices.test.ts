/** The launchpad's skill picker: instances (pinned first) beside the built-in skills. */
import { describe, expect, it } from 'vitest';
import type { SkillInstance, SkillTemplate } from '@atelier/contract';
import { checkRules } from './contextItems';
import { chosenSkill, skillChoices } from './skillChoices';

const template = (name: SkillTemplate['name'], limit = 50): SkillTemplate => ({
  name,
  displayName: { en: name },
  description: `${name} skill`,
  configSchema: { items: [] },
  invocationConfig: {
    context: { rules: [{ key: 'documents', limit, required: false }], relation: 'regular' },
  },
});

const instance = (skillId: string, name: SkillInstance['name'], pinnedAt: string | null): SkillInstance => ({
  skillId,
  name,
  displayName: `Mine ${skillId}`,
  icon: skillId === 'si-2' ? { type: 'emoji', value: '⚓' } : null,
  description: null,
  invocationConfig: {
    context: { rules: [{ key: 'documents', limit: 1, required: true }], relation: 'regular' },
  },
  pinnedAt,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const templates = [template('commonQnA'), template('customPrompt')];
const instances = [
  instance('si-1', 'customPrompt', null),
  instance('si-2', 'customPrompt', '2026-01-02T00:00:00.000Z'),
  instance('si-3', 'commonQnA', '2026-01-03T00:00:00.000Z'),
  // a skill this server does not offer: left out
  instance('si-4', 'imageGeneration', '2026-01-04T00:00:00.000Z'),
];

describe('skillChoices', () => {
  const choices = skillChoices(templates, instances, (t) => t.displayName.en ?? t.name);

  it('lists pinned instances first (latest pin on top), then built-in skills, then other instances', () => {
    expect(choices.map((c) => [c.value, c.group])).toEqual([
      ['instance:si-3', 'pinned'],
      ['instance:si-2', 'pinned'],
      ['commonQnA', 'builtIn'],
      ['customPrompt', 'builtIn'],
      ['instance:si-1', 'instances'],
    ]);
    expect(choices[1]).toMatchObject({ label: '⚓ Mine si-2', skillName: 'customPrompt', skillId: 'si-2' });
    expect(choices[2]?.skillId).toBeUndefined();
  });

  it('an instance brings its own context rules', () => {
    const pirate = choices.find((c) => c.skillId === 'si-2');
    expect(checkRules(pirate, [])[0]).toMatchObject({ limit: 1, problem: 'required' });
    const builtIn = choices.find((c) => c.value === 'customPrompt');
    expect(checkRules(builtIn, [])[0]).toMatchObject({ limit: 50, problem: null });
  });

  it('finds the stored choice, falling back to the skill and then the first built-in skill', () => {
    expect(chosenSkill(choices, { skillName: 'customPrompt', skillId: 'si-1' })?.value).toBe('instance:si-1');
    // the instance was deleted since: its template
    expect(chosenSkill(choices, { skillName: 'customPrompt', skillId: 'gone' })?.value).toBe('customPrompt');
    expect(chosenSkill(choices, { skillName: 'agent', skillId: null })?.value).toBe('commonQnA');
    expect(chosenSkill([], { skillName: 'agent', skillId: null })).toBeUndefined();
  });
});
