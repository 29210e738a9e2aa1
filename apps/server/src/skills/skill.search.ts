/**
 * webSearch and librarySearch: the skill searches first (the caller's web-search provider, or the
 * library's search), logs what it found, and answers from those results with citations linked to
 * them (after any context the user picked).
 */
import type { ContextRule } from '@atelier/contract';
import { searchWeb } from '../modules/search/search.web.js';
import { librarySources, preferredLibraryMode } from '../modules/search/search.service.js';
import { systemText, withQuery } from './skill.prompt.js';
import type { DynamicConfigItem, GatheredSource, SkillDefinition, SkillRunEnv } from './skill.types.js';

const DEFAULT_LIMIT = 8;

const limitItem: DynamicConfigItem = {
  key: 'searchLimit',
  inputMode: 'inputNumber',
  labelDict: { en: 'Results', 'zh-CN': '结果数' },
  descriptionDict: { en: 'How many results to read (1–20)', 'zh-CN': '读取多少条结果（1–20）' },
  defaultValue: DEFAULT_LIMIT,
};

function limitOf(env: SkillRunEnv): number {
  const value = Number(env.tplConfig.searchLimit?.value ?? DEFAULT_LIMIT);
  return Number.isInteger(value) && value >= 1 && value <= 20 ? value : DEFAULT_LIMIT;
}

const rules = (): ContextRule[] => [
  { key: 'contentList', limit: 10, required: false },
  { key: 'documents', limit: 5, required: false },
  { key: 'resources', limit: 5, required: false },
];

export const webSearchSkill: SkillDefinition = {
  name: 'webSearch',
  displayName: { en: 'Web search', 'zh-CN': '网络搜索' },
  description: 'Searches the web with your search provider and answers with citations to the pages.',
  stepName: 'webSearch',
  configSchema: { items: [limitItem] },
  invocationConfig: { context: { rules: rules(), relation: 'regular' } },
  async gather(env) {
    const hl = env.locale && env.locale !== 'auto' ? env.locale : undefined;
    const results = await searchWeb(
      env.ctx,
      env.uid,
      { q: env.input.query.slice(0, 2048), limit: limitOf(env), ...(hl ? { hl } : {}) },
      env.signal,
    );
    await env.log({
      key: 'webSearchCompleted',
      titleArgs: { count: results.length },
      descriptionArgs: { results: results.map((r) => ({ title: r.name, url: r.url })) },
    });
    return results.map((r): GatheredSource => ({
      source: { kind: 'url', title: r.name, url: r.url },
      content: `${r.url}\n${r.snippet}`,
    }));
  },
  prompt: (input) =>
    withQuery(
      input,
      systemText(
        'You answer questions from web search results. Use the numbered sources, cite every fact you take from them, and say so when they do not answer the question. Answer in Markdown.',
        input,
      ),
    ),
};

export const librarySearchSkill: SkillDefinition = {
  name: 'librarySearch',
  displayName: { en: 'Library search', 'zh-CN': '知识库搜索' },
  description: 'Searches your library (resources, documents, canvases) and answers with citations.',
  stepName: 'librarySearch',
  configSchema: { items: [limitItem] },
  invocationConfig: { context: { rules: rules(), relation: 'regular' } },
  async gather(env) {
    const query = {
      query: env.input.query.slice(0, 2048),
      limit: limitOf(env),
      ...(env.projectId ? { projectId: env.projectId } : {}),
    };
    // Hybrid (keyword + vector, reranked) when an embedding model is configured, else keyword.
    const mode = await preferredLibraryMode(env.ctx, env.uid);
    const sources = await librarySources(env.ctx, env.uid, { ...query, mode }).catch(async (err: unknown) => {
      if (mode === 'keyword') throw err;
      env.ctx.log.warn({ err, resultId: env.resultId }, 'hybrid library search failed; using keyword');
      return librarySources(env.ctx, env.uid, { ...query, mode: 'keyword' });
    });

    const top = sources.slice(0, limitOf(env));
    await env.log({
      key: 'librarySearchCompleted',
      titleArgs: { count: top.length, mode },
      descriptionArgs: {
        results: top.map((s) => ({
          title: s.title,
          entityType: s.metadata?.entityType,
          entityId: s.metadata?.entityId,
        })),
      },
    });
    return top.map((s): GatheredSource => {
      const type = s.metadata?.entityType;
      const kind = type === 'resource' || type === 'document' || type === 'canvas' ? type : 'content';
      return {
        source: {
          kind,
          title: s.title ?? 'Untitled',
          ...(s.metadata?.entityId ? { entityId: s.metadata.entityId } : {}),
          ...(s.url ? { url: s.url } : {}),
        },
        content: s.pageContent,
      };
    });
  },
  prompt: (input) =>
    withQuery(
      input,
      systemText(
        "You answer questions from the user's own library. Use the numbered sources, cite every fact you take from them, and say so when the library does not answer the question. Answer in Markdown.",
        input,
      ),
    ),
};
