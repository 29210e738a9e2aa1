/**
 * The built-in skills this server runs: commonQnA (the default), customPrompt (system prompt from
 * tplConfig), recommendQuestions (follow-up questions as structured data), and from their own
 * files generateDoc / editDoc / rewriteDoc, codeArtifacts, webSearch / librarySearch and
 * imageGeneration, and agent (a tool loop over MCP servers and built-in tools, skill.agent.ts).
 */
import type { SkillName } from '@atelier/contract';
import { agentSkill } from './skill.agent.js';
import { codeArtifactsSkill } from './skill.artifacts.js';
import { editDocSkill, generateDocSkill, rewriteDocSkill } from './skill.docs.js';
import { imageGenerationSkill } from './skill.image.js';
import { contextRules, systemText, tplString, withQuery } from './skill.prompt.js';
import { librarySearchSkill, webSearchSkill } from './skill.search.js';
import type { SkillDefinition } from './skill.types.js';

export { tplString };

const commonQnA: SkillDefinition = {
  name: 'commonQnA',
  displayName: { en: 'Question & answer', 'zh-CN': '问答' },
  description: 'Answers a question, using the selected context and the thread history.',
  stepName: 'answerQuestion',
  configSchema: { items: [] },
  invocationConfig: { context: { rules: contextRules(), relation: 'regular' } },
  prompt: (input) =>
    withQuery(
      input,
      systemText('You are a helpful assistant for research and writing. Answer in Markdown.', input),
    ),
};

const customPrompt: SkillDefinition = {
  name: 'customPrompt',
  displayName: { en: 'Custom prompt', 'zh-CN': '自定义提示词' },
  description: 'Runs the question with a system prompt you write.',
  stepName: 'answerQuestion',
  configSchema: {
    items: [
      {
        key: 'customSystemPrompt',
        inputMode: 'inputTextArea',
        labelDict: { en: 'System prompt', 'zh-CN': '系统提示词' },
        descriptionDict: { en: 'Instructions the model follows', 'zh-CN': '模型遵循的指令' },
        required: true,
      },
    ],
  },
  invocationConfig: { context: { rules: contextRules(), relation: 'regular' } },
  prompt: (input) => {
    const role = tplString(input.tplConfig, 'customSystemPrompt') ?? 'You are a helpful assistant.';
    return withQuery(input, systemText(role, input));
  },
};

/** Lines of the answer that look like questions, without list markers. */
export function parseQuestions(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, ''));
    const list = Array.isArray(parsed) ? parsed : (parsed as { questions?: unknown })?.questions;
    if (Array.isArray(list)) return list.filter((q): q is string => typeof q === 'string').slice(0, 10);
  } catch {
    // not JSON: read it as a list
  }
  return text
    .split('\n')
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter((l) => l.length > 3)
    .slice(0, 10);
}

const recommendQuestions: SkillDefinition = {
  name: 'recommendQuestions',
  displayName: { en: 'Recommend questions', 'zh-CN': '推荐问题' },
  description: 'Suggests follow-up questions about the conversation and its context.',
  stepName: 'recommendQuestions',
  configSchema: { items: [] },
  invocationConfig: { context: { rules: contextRules(), relation: 'regular' } },
  prompt: (input) =>
    withQuery(
      input,
      systemText(
        'Suggest 3 to 5 short follow-up questions the user may ask next. Answer with a JSON array of strings only.',
        input,
      ),
      `Conversation topic: ${input.query}`,
    ),
  finish: (text) => ({ questions: parseQuestions(text) }),
};

const BUILT_INS: readonly SkillDefinition[] = [
  commonQnA,
  customPrompt,
  generateDocSkill,
  editDocSkill,
  rewriteDocSkill,
  codeArtifactsSkill,
  webSearchSkill,
  librarySearchSkill,
  recommendQuestions,
  imageGenerationSkill,
  agentSkill,
];

export function builtInSkills(): readonly SkillDefinition[] {
  return BUILT_INS;
}

export function findSkill(name: SkillName): SkillDefinition | null {
  return BUILT_INS.find((s) => s.name === name) ?? null;
}
