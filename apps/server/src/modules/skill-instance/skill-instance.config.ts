/**
 * What a skill instance may hold: tplConfig values that fit its template's configuration form
 * (known keys, the type of each input mode, a listed option, the required items) and context rules
 * over the kinds of context its template takes. Every refusal is E0003 naming the field.
 */
import type { InvokeContext, SkillInvocationConfig, TplConfig } from '@atelier/contract';
import { badRequest } from '../../lib/errors.js';
import { SECRET_MASK } from '../../skills/skill.secrets.js';
import type { DynamicConfigItem, SkillDefinition } from '../../skills/skill.types.js';

const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

function checkValue(item: DynamicConfigItem, value: unknown): void {
  const field = `tplConfig.${item.key}`;
  const options = item.options?.map((o) => o.value);
  switch (item.inputMode) {
    case 'input':
    case 'inputTextArea':
      if (typeof value !== 'string') throw badRequest(`${field}: must be text`);
      return;
    case 'inputNumber':
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw badRequest(`${field}: must be a number`);
      return;
    case 'switch':
      if (typeof value !== 'boolean') throw badRequest(`${field}: must be true or false`);
      return;
    case 'select':
      if (typeof value !== 'string') throw badRequest(`${field}: must be one of the options`);
      if (options && !options.includes(value))
        throw badRequest(`${field}: "${value}" is not one of the options`);
      return;
    case 'multiSelect':
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
        throw badRequest(`${field}: must be a list of options`);
      }
      for (const v of value as string[]) {
        if (options && !options.includes(v)) throw badRequest(`${field}: "${v}" is not one of the options`);
      }
      return;
  }
}

/**
 * Checks `tplConfig` against the template's form. `complete`: the required items must have a
 * value (an instance's own config); otherwise only the given items are checked (a trigger's
 * override, completed by its instance's).
 */
export function checkTplConfig(skill: SkillDefinition, tplConfig: TplConfig, complete: boolean): void {
  const items = new Map(skill.configSchema.items.map((item) => [item.key, item]));
  for (const [key, entry] of Object.entries(tplConfig)) {
    const item = items.get(key);
    if (!item) throw badRequest(`tplConfig.${key}: the skill "${skill.name}" has no such setting`);
    if (isBlank(entry.value)) continue;
    // a masked secret stands for the value already stored
    if (skill.secretConfigKeys?.includes(key) && entry.value === SECRET_MASK) continue;
    checkValue(item, entry.value);
  }
  if (!complete) return;
  for (const item of skill.configSchema.items) {
    if (item.required && isBlank(tplConfig[item.key]?.value) && item.defaultValue === undefined) {
      throw badRequest(`tplConfig.${item.key}: ${item.labelDict.en ?? item.key} is required`);
    }
  }
}

/** The instance's context rules: the given ones over the kinds its template takes, else the template's. */
export function instanceInvocationConfig(
  skill: SkillDefinition,
  given: SkillInvocationConfig | undefined,
): SkillInvocationConfig {
  if (!given?.context) return skill.invocationConfig;
  const allowed = new Set(skill.invocationConfig.context?.rules.map((r) => r.key) ?? []);
  const seen = new Set<string>();
  given.context.rules.forEach((rule, i) => {
    if (!allowed.has(rule.key)) {
      throw badRequest(
        `invocationConfig.context.rules.${i}.key: the skill "${skill.name}" takes no ${rule.key}`,
      );
    }
    if (seen.has(rule.key))
      throw badRequest(`invocationConfig.context.rules.${i}.key: ${rule.key} appears twice`);
    seen.add(rule.key);
  });
  return given;
}

/** A run's context against an instance's rules: required kinds present, at most `limit` of each. */
export function checkInstanceContext(
  config: SkillInvocationConfig,
  context: InvokeContext | null | undefined,
): void {
  const rules = config.context?.rules ?? [];
  for (const rule of rules) {
    if (rule.key === 'codeArtifacts') continue;
    const n = context?.[rule.key]?.length ?? 0;
    if (rule.required && n < 1) throw badRequest(`context.${rule.key}: at least 1 item is required`);
    if (n > rule.limit) throw badRequest(`context.${rule.key}: at most ${rule.limit} items`);
  }
  if (config.context?.relation === 'mutuallyExclusive') {
    const used = rules.filter((r) => r.key !== 'codeArtifacts' && (context?.[r.key]?.length ?? 0) > 0);
    if (used.length > 1) throw badRequest(`context: use only one of ${used.map((r) => r.key).join(', ')}`);
  }
}
