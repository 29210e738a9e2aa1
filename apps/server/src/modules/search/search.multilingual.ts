/**
 * POST /search/multilingualSearch: web search across languages in six reported steps —
 * rewriteQuery (the queryAnalysis model turns the question into a search query), translateQuery
 * (into each of searchLocaleList), webSearch (one search per language), translateResults (titles
 * and snippets into displayLocale), rerank (the user's reranker model when configured, else term
 * overlap; rerankLimit and rerankRelevanceThreshold apply) and finish. Each step answers its
 * duration and what it produced. Model answers that cannot be read fall back to the input, so a
 * weak model degrades the result rather than failing it.
 */
import { generateText } from 'ai';
import type {
  MultilingualSearchRequest,
  MultilingualSearchResult,
  Source,
  WebSearchResult,
} from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { mapSkillError } from '../../skills/skill.errors.js';
import { checkRequestQuota } from '../../skills/skill.quota.js';
import { rerank } from '../../ingest/ingest.models.js';
import { languageModelFor } from '../provider/provider.models.js';
import { resolveModel } from '../provider/provider.resolve.js';
import type { ResolvedModel } from '../provider/provider.types.js';
import { searchWith, webHttpOptions, webSearchProvider } from './search.web.js';

type Step = MultilingualSearchResult['searchSteps'][number];

interface Hit extends WebSearchResult {
  originalLocale: string;
  translatedQuery: string;
  title: string;
  content: string;
  translated: boolean;
  score?: number;
}

/** The first JSON value in a model answer (fenced or bare), or null. */
export function readJson(text: string): unknown {
  const unfenced = text.replace(/^[\s\S]*?```(?:json)?\s*|\s*```[\s\S]*$/g, '');
  for (const candidate of [unfenced, text]) {
    const start = candidate.search(/[[{]/);
    if (start < 0) continue;
    try {
      return JSON.parse(candidate.slice(start)) as unknown;
    } catch {
      // try the next form
    }
  }
  return null;
}

async function ask(ctx: AppContext, model: ResolvedModel, system: string, prompt: string): Promise<string> {
  try {
    const { text } = await generateText({
      model: languageModelFor(model),
      system,
      prompt,
      maxRetries: ctx.config.SKILL_MODEL_RETRIES,
      abortSignal: AbortSignal.timeout(ctx.config.SKILL_IDLE_TIMEOUT),
    });
    return text.trim();
  } catch (err) {
    const mapped = mapSkillError(err);
    throw new AppError(mapped.code, mapped.originError);
  }
}

const terms = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 1);

/** Share of the query's terms found in the text (0–1); CJK text is compared by characters. */
export function overlapScore(query: string, text: string): number {
  const q = terms(query);
  const chars = [...query].filter((c) =>
    /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}/u.test(c),
  );
  const hay = text.toLowerCase();
  const units = [...new Set([...q, ...chars])];
  if (!units.length) return 0;
  return units.filter((u) => hay.includes(u)).length / units.length;
}

/** Scores of a reranker model (the library's `/rerank` client), 0 for documents it dropped. */
async function rerankWithModel(model: ResolvedModel, query: string, docs: string[]): Promise<number[]> {
  const order = await rerank(model, query, docs, { topN: docs.length, relevanceThreshold: 0 });
  const scores = new Array<number>(docs.length).fill(0);
  for (const o of order) if (o.index >= 0 && o.index < docs.length) scores[o.index] = o.score;
  return scores;
}

export async function multilingualSearch(
  ctx: AppContext,
  uid: string,
  req: MultilingualSearchRequest,
): Promise<MultilingualSearchResult> {
  const model = await resolveModel(ctx, uid, 'queryAnalysis');
  if (!model) throw new AppError('E0014');
  await checkRequestQuota(ctx, uid, model.item.tier);
  const tool = await webSearchProvider(ctx, uid);
  const steps: Step[] = [];
  const timed = async <T>(
    step: Step['step'],
    fn: () => Promise<T>,
    report: (v: T) => unknown,
  ): Promise<T> => {
    const started = performance.now();
    const value = await fn();
    steps.push({ step, duration: Math.round(performance.now() - started), result: report(value) });
    return value;
  };

  const displayLocale = req.displayLocale ?? 'auto';
  const locales = req.searchLocaleList?.length ? [...new Set(req.searchLocaleList)] : ['auto'];

  const rewritten = await timed(
    'rewriteQuery',
    async () => {
      const text = await ask(
        ctx,
        model,
        'Rewrite the question as a concise web search query in its own language. Answer with the query only.',
        req.query,
      );
      const line = text
        .split('\n')
        .find((l) => l.trim())
        ?.replace(/^["'“]|["'”]$/g, '')
        .trim();
      return line && line.length <= 2048 ? line : req.query;
    },
    (q) => ({ query: q }),
  );

  const queries = await timed(
    'translateQuery',
    async () => {
      const targets = locales.filter((l) => l !== 'auto');
      const out: Record<string, string> = Object.fromEntries(locales.map((l) => [l, rewritten]));
      if (!targets.length) return out;
      const text = await ask(
        ctx,
        model,
        'Translate the search query into each language. Answer with a JSON object mapping each language tag to the translated query, nothing else.',
        `Query: ${rewritten}\nLanguages: ${JSON.stringify(targets)}`,
      );
      const parsed = readJson(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const l of targets) {
          const v = (parsed as Record<string, unknown>)[l];
          if (typeof v === 'string' && v.trim()) out[l] = v.trim().slice(0, 2048);
        }
      }
      return out;
    },
    (q) => ({ queries: q }),
  );

  const hits = await timed(
    'webSearch',
    async () => {
      const http = webHttpOptions(ctx, tool);
      const perLocale = await Promise.all(
        locales.map(async (locale) => {
          const q = queries[locale] ?? rewritten;
          const results = await searchWith(
            tool,
            { q, limit: req.searchLimit, ...(locale !== 'auto' ? { hl: locale } : {}) },
            http,
          );
          return results.map((r): Hit => ({
            ...r,
            originalLocale: locale,
            translatedQuery: q,
            title: r.name,
            content: r.snippet,
            translated: false,
          }));
        }),
      );
      const seen = new Set<string>();
      return perLocale.flat().filter((h) => !seen.has(h.url) && (seen.add(h.url), true));
    },
    (h) => ({
      count: h.length,
      perLocale: Object.fromEntries(locales.map((l) => [l, h.filter((x) => x.originalLocale === l).length])),
    }),
  );

  await timed(
    'translateResults',
    async () => {
      const foreign = hits.filter((h) => displayLocale !== 'auto' && h.originalLocale !== displayLocale);
      if (!foreign.length) return 0;
      const text = await ask(
        ctx,
        model,
        `Translate each item's title and snippet into the language "${displayLocale}". Answer with a JSON array of {"title","snippet"} in the same order, nothing else.`,
        JSON.stringify(foreign.map((h) => ({ title: h.title, snippet: h.content }))),
      );
      const parsed = readJson(text);
      let count = 0;
      if (Array.isArray(parsed)) {
        foreign.forEach((h, i) => {
          const t = parsed[i] as { title?: unknown; snippet?: unknown } | undefined;
          if (t && typeof t.title === 'string' && typeof t.snippet === 'string') {
            h.title = t.title;
            h.content = t.snippet;
            h.translated = true;
            count++;
          }
        });
      }
      return count;
    },
    (n) => ({ translated: n }),
  );

  const ranked = await timed(
    'rerank',
    async () => {
      if (!req.enableRerank || !hits.length) return { list: hits, method: 'none' };
      let method = 'overlap';
      let scores = hits.map((h) =>
        overlapScore(`${req.query} ${rewritten}`, `${h.name} ${h.snippet} ${h.title} ${h.content}`),
      );
      const reranker = await resolveModel(ctx, uid, 'reranker').catch(() => null);
      if (reranker) {
        try {
          scores = await rerankWithModel(
            reranker,
            req.query,
            hits.map((h) => `${h.title}\n${h.content}`),
          );
          method = 'model';
        } catch (err) {
          ctx.log.warn({ err: (err as Error).message }, 'reranker failed; ranking by term overlap');
        }
      }
      hits.forEach((h, i) => (h.score = scores[i] ?? 0));
      const threshold = req.rerankRelevanceThreshold ?? 0;
      const list = [...hits]
        .filter((h) => (h.score ?? 0) >= threshold)
        .sort((a, b) => (b.score ?? 0) - (a.score ?? 0))
        .slice(0, req.rerankLimit ?? hits.length);
      return { list, method };
    },
    (r) => ({ method: r.method, kept: r.list.length }),
  );

  const sources = await timed(
    'finish',
    () =>
      Promise.resolve(
        ranked.list.map((h): Source => ({
          url: h.url,
          title: h.title.slice(0, 1024),
          pageContent: h.content,
          ...(h.score !== undefined ? { score: h.score } : {}),
          metadata: {
            sourceType: 'webSearch',
            originalLocale: h.originalLocale,
            ...(displayLocale !== 'auto' ? { translatedDisplayLocale: displayLocale } : {}),
            isTranslated: h.translated,
            originalQuery: req.query,
            translatedQuery: h.translatedQuery,
          },
        })),
      ),
    (s) => ({ count: s.length }),
  );
  return { sources, searchSteps: steps };
}
