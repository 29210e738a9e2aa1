/**
 * Builds the context of a run: the selected documents (their Markdown snapshot) and resources
 * through small loaders, free text and links, earlier results of the thread, the project's custom
 * instructions and the output language. Per-type limits come from the skill's context rules; the
 * whole is cut to a token budget from the model's context limit (about 4 characters a token).
 */
import { eq, inArray } from 'drizzle-orm';
import type { ModelMessage } from 'ai';
import type { InvokeContext, ResultHistoryItem, SkillInvocationConfig } from '@atelier/contract';
import type { Db } from '../db/connect.js';
import { documents, projects, resources } from '../db/schema/index.js';
import { badRequest } from '../lib/errors.js';
import { accessFor, userActor } from '../modules/access/access.js';
import type { CitationSource } from './skill.citations.js';
import type { BuiltContext, GatheredSource } from './skill.types.js';

export interface LoadedItem {
  id: string;
  title: string;
  content: string;
}

/**
 * Reads items of one kind the user may read (the access policy's answer); ids that are gone by
 * the time the run starts are not returned (foreign ids were refused when the run was invoked).
 */
export interface ContextLoader {
  load(uid: string, ids: string[]): Promise<LoadedItem[]>;
}

/**
 * Documents by their Markdown. `live` reads a document that is open for editing from its live
 * state (the stored snapshot trails an acknowledged edit by a moment), so a question asked right
 * after typing sees what was typed.
 */
export function documentLoader(
  db: Db,
  live?: (docId: string) => Promise<{ content: string } | null>,
): ContextLoader {
  return {
    async load(uid, ids) {
      const readable = [...(await accessFor(db).check(userActor(uid), 'read', 'document', ids))];
      if (!readable.length) return [];
      const rows = await db
        .select({ id: documents.docId, title: documents.title, content: documents.content })
        .from(documents)
        .where(inArray(documents.docId, readable));
      if (!live) return rows;
      return Promise.all(
        rows.map(async (row) => {
          const current = await live(row.id);
          return current ? { ...row, content: current.content } : row;
        }),
      );
    },
  };
}

/** Resources by their parsed Markdown; one not parsed yet gives its title with empty content. */
export function resourceLoader(db: Db): ContextLoader {
  return {
    async load(uid, ids) {
      const readable = [...(await accessFor(db).check(userActor(uid), 'read', 'resource', ids))];
      if (!readable.length) return [];
      return db
        .select({ id: resources.resourceId, title: resources.title, content: resources.content })
        .from(resources)
        .where(inArray(resources.resourceId, readable));
    },
  };
}

/** For deployments or tests without resources: every resource is reported as skipped. */
export const noResourceLoader: ContextLoader = { load: () => Promise.resolve([]) };

export interface ContextLoaders {
  documents: ContextLoader;
  resources: ContextLoader;
}

export const CHARS_PER_TOKEN = 4;
const DEFAULT_CONTEXT_TOKENS = 16_000;
const DEFAULT_OUTPUT_TOKENS = 2_000;
/** Smallest useful share of one source; below it the source is left out. */
const MIN_SOURCE_CHARS = 200;

export interface BuildContextInput {
  uid: string;
  query: string;
  context: InvokeContext | null;
  history: ResultHistoryItem[] | null;
  projectId: string | null;
  locale: string | null;
  invocationConfig: SkillInvocationConfig;
  contextLimit: number | null | undefined;
  maxOutput: number | null | undefined;
  /** Sources the skill found itself (web or library search), after the user's own context. */
  extra?: GatheredSource[];
}

type RuleKey = 'resources' | 'documents' | 'contentList' | 'urls';

/** E0003 when a required kind is empty; checked before a run is created. */
export function checkContextRules(
  config: SkillInvocationConfig,
  context: InvokeContext | null | undefined,
): void {
  for (const rule of config.context?.rules ?? []) {
    if (rule.key === 'codeArtifacts') continue;
    const count = context?.[rule.key]?.length ?? 0;
    if (rule.required && count < 1) throw badRequest(`context.${rule.key}: at least 1 item is required`);
  }
}

function limitOf(config: SkillInvocationConfig, key: RuleKey): number {
  return config.context?.rules.find((r) => r.key === key)?.limit ?? 0;
}

export function localeInstruction(locale: string | null): string {
  return !locale || locale === 'auto'
    ? 'Answer in the language of the question.'
    : `Answer in the language with the BCP-47 tag "${locale}".`;
}

export function historyMessages(history: ResultHistoryItem[] | null): ModelMessage[] {
  const out: ModelMessage[] = [];
  for (const item of history ?? []) {
    if (item.input?.query) out.push({ role: 'user', content: item.input.query });
    const answer = (item.steps ?? []).map((s) => s.content).join('\n\n');
    if (answer) out.push({ role: 'assistant', content: answer });
  }
  return out;
}

interface Candidate {
  source: Omit<CitationSource, 'index'>;
  content: string;
}

export async function buildContext(
  db: Db,
  loaders: ContextLoaders,
  input: BuildContextInput,
): Promise<BuiltContext> {
  const ctx = input.context ?? {};
  const cfg = input.invocationConfig;
  const skipped: BuiltContext['skipped'] = [];
  const take = <T>(key: RuleKey, items: T[] | undefined, idOf: (t: T) => string): T[] => {
    const list = items ?? [];
    const limit = limitOf(cfg, key);
    for (const extra of list.slice(limit))
      skipped.push({ kind: key, id: idOf(extra), reason: 'over the limit' });
    return list.slice(0, limit);
  };

  const candidates: Candidate[] = [];
  // Selections and quotes first: the user pointed at them.
  take('contentList', ctx.contentList, (c) => c.content.slice(0, 40)).forEach((c) =>
    candidates.push({
      source: { kind: 'content', title: String(c.metadata?.title ?? 'Selection') },
      content: c.content,
    }),
  );
  const loadKind = async (key: 'documents' | 'resources', ids: string[], kind: 'document' | 'resource') => {
    const found = await loaders[key].load(input.uid, ids);
    for (const id of ids) {
      const item = found.find((f) => f.id === id);
      if (!item) skipped.push({ kind: key, id, reason: 'not found' });
      else
        candidates.push({ source: { kind, title: item.title || id, entityId: id }, content: item.content });
    }
  };
  await loadKind(
    'documents',
    take('documents', ctx.documents, (d) => d.docId).map((d) => d.docId),
    'document',
  );
  await loadKind(
    'resources',
    take('resources', ctx.resources, (r) => r.resourceId).map((r) => r.resourceId),
    'resource',
  );
  // Links are named, not fetched here: scraping belongs to the library's URL parser.
  take('urls', ctx.urls, (u) => u.url).forEach((u) =>
    candidates.push({
      source: { kind: 'url', title: String(u.metadata?.title ?? u.url), url: u.url },
      content: u.url,
    }),
  );

  for (const g of input.extra ?? []) candidates.push(g);

  const history = historyMessages(input.history);
  const historyChars = history.reduce(
    (n, m) => n + (typeof m.content === 'string' ? m.content.length : 0),
    0,
  );
  const totalTokens = input.contextLimit ?? DEFAULT_CONTEXT_TOKENS;
  const outputTokens = Math.min(input.maxOutput ?? DEFAULT_OUTPUT_TOKENS, Math.floor(totalTokens / 2));
  let budget = (totalTokens - outputTokens) * CHARS_PER_TOKEN - input.query.length - historyChars - 2_000;

  const sources: CitationSource[] = [];
  const blocks: string[] = [];
  for (const c of candidates) {
    if (budget < MIN_SOURCE_CHARS) {
      skipped.push({
        kind: c.source.kind,
        id: c.source.entityId ?? c.source.title,
        reason: 'over the token budget',
      });
      continue;
    }
    const index = sources.length + 1;
    const content = c.content.length > budget ? `${c.content.slice(0, budget)}…` : c.content;
    budget -= content.length + c.source.title.length + 16;
    sources.push({ ...c.source, index });
    blocks.push(`[${index}] ${c.source.title}\n${content}`);
  }

  let customInstructions: string | null = null;
  if (
    input.projectId &&
    (await accessFor(db).can(userActor(input.uid), 'read', 'project', input.projectId))
  ) {
    const [project] = await db
      .select({ text: projects.customInstructions })
      .from(projects)
      .where(eq(projects.projectId, input.projectId))
      .limit(1);
    customInstructions = project?.text?.trim() || null;
  }

  return {
    sourcesText: blocks.join('\n\n'),
    sources,
    history,
    customInstructions,
    localeInstruction: localeInstruction(input.locale),
    skipped,
  };
}
