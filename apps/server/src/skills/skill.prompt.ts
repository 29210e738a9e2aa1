/** Prompt pieces the built-in skills share: context rules, the system text, the user turn. */
import type { ModelMessage } from 'ai';
import type { ContextRule, TplConfig } from '@atelier/contract';
import type { SkillPrompt, SkillPromptInput } from './skill.types.js';

export const CITE_RULE =
  'When you use a numbered source below, cite it right after the sentence as [[citation:N]]. Do not invent sources.';

export const contextRules = (): ContextRule[] => [
  { key: 'resources', limit: 10, required: false },
  { key: 'documents', limit: 10, required: false },
  { key: 'contentList', limit: 20, required: false },
  { key: 'urls', limit: 10, required: false },
];

export function tplString(tplConfig: TplConfig, key: string): string | null {
  const value = tplConfig[key]?.value;
  return typeof value === 'string' && value.trim() ? value : null;
}

/** System text shared by the skills: role, instructions, language, sources. */
export function systemText(role: string, input: SkillPromptInput): string {
  const { context } = input;
  const parts = [role, context.localeInstruction];
  if (context.customInstructions) parts.push(`Project instructions:\n${context.customInstructions}`);
  if (context.sourcesText) parts.push(`${CITE_RULE}\n\nSources:\n${context.sourcesText}`);
  return parts.join('\n\n');
}

export function withQuery(input: SkillPromptInput, system: string, query = input.query): SkillPrompt {
  const messages: ModelMessage[] = [...input.context.history, { role: 'user', content: query }];
  return { system, messages };
}
