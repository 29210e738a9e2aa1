/**
 * The setup guide's live checks (POST /provider/setup/check): one test call per step against
 * what the step configures — the model provider's model list, a short chat completion of the
 * first chat model and of the default one, one embedding, one web search, and a parse by the
 * chosen URL parser (or the built-in one on a sample page). Finding what to check may fail like
 * any route (E1015 / E1016 for another user's provider or model, E0003 for a wrong category);
 * the test call itself never fails the request: its error is the step's `failed` result.
 */
import type { SetupCheckRequest, SetupCheckResult, SetupStep } from '@atelier/contract';
import { generateText } from 'ai';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { embedTexts, parseUrlExternally, URL_PARSERS } from '../../ingest/ingest.models.js';
import { parseContent } from '../../ingest/ingest.parse.js';
import { mapSkillError } from '../../skills/skill.errors.js';
import { searchWith, webHttpOptions } from '../search/search.web.js';
import { findUserByUid } from '../user/user.repository.js';
import { privateNetworkAllowed } from '../../lib/providers/providers.http.js';
import { ProviderItemService } from './provider.items.js';
import { languageModelFor } from './provider.models.js';
import { listProviders } from './provider.repository.js';
import { resolveModel, resolveToolProvider, resolveToolProviderById } from './provider.resolve.js';
import { getUsableProvider, toProviderRecord, type ProviderService } from './provider.service.js';
import type { ResolvedModel, ResolvedToolProvider } from './provider.types.js';

type Target = NonNullable<SetupCheckResult['target']>;
type Detail = NonNullable<SetupCheckResult['detail']>;

/** The page the built-in parser reads in its check: the same code path as a web link's. */
const SAMPLE_PAGE =
  '<!doctype html><html><head><title>Atelier parser check</title></head><body><article>' +
  '<h1>Atelier parser check</h1><p>This page is parsed by the built-in parser to check that it works.</p>' +
  '</article></body></html>';
/** The page an external URL parser is asked to read (a domain reserved for examples). */
export const PARSER_CHECK_URL = 'https://example.com/';
const WEB_CHECK_QUERY = 'Atelier';
const REPLY_CHARS = 200;

const missing = (step: SetupStep, message: string): SetupCheckResult => ({
  step,
  status: 'missing',
  target: null,
  message,
});

const itemTarget = (m: ResolvedModel): Target => ({
  kind: 'item',
  id: m.item.itemId,
  name: `${m.item.name} (${m.provider.name})`,
});

const toolTarget = (t: ResolvedToolProvider): Target => ({
  kind: 'provider',
  id: t.provider.providerId,
  name: t.provider.name,
});

/** Runs the test call; its failure is the step's result (in the provider's words), not an error. */
async function probe(
  step: SetupStep,
  target: Target,
  call: () => Promise<Detail>,
): Promise<SetupCheckResult> {
  try {
    return { step, status: 'ok', target, detail: await call() };
  } catch (err) {
    const mapped = mapSkillError(err);
    return { step, status: 'failed', target, errCode: mapped.code, message: mapped.originError };
  }
}

/** A model of `uid` by id (E1016 for anyone else's), which must be of `category`. */
async function explicitModel(
  ctx: AppContext,
  uid: string,
  itemId: string,
  category: 'llm' | 'embedding',
): Promise<ResolvedModel> {
  const m = await resolveModel(ctx, uid, itemId);
  if (!m || m.item.category !== category)
    throw new AppError(
      'E0003',
      `"${m?.item.name ?? itemId}" is not ${category === 'llm' ? 'a chat' : 'an embedding'} model`,
    );
  return m;
}

async function chatProbe(ctx: AppContext, step: SetupStep, m: ResolvedModel): Promise<SetupCheckResult> {
  return probe(step, itemTarget(m), async () => {
    const { text } = await generateText({
      model: languageModelFor(m),
      prompt: 'This is a connection test. Reply with the single word OK.',
      maxOutputTokens: 16,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(ctx.config.PROVIDER_REQUEST_TIMEOUT),
    });
    const reply = text.trim().slice(0, REPLY_CHARS);
    if (!reply) throw new AppError('E3001', 'The model answered an empty reply');
    return { reply };
  });
}

/** The first enabled provider of `uid` (own first, then global) that offers chat models. */
async function firstModelProvider(ctx: AppContext, uid: string) {
  const own = (await listProviders(ctx.db, uid)).map(toProviderRecord);
  return [...own, ...(await ctx.providers.list())].find((p) => p.enabled && p.categories.includes('llm'));
}

export async function checkSetupStep(
  ctx: AppContext,
  providers: ProviderService,
  uid: string,
  req: SetupCheckRequest,
): Promise<SetupCheckResult> {
  const { step } = req;
  switch (step) {
    case 'provider': {
      const provider = req.providerId
        ? await getUsableProvider(ctx.db, ctx.providers, uid, req.providerId)
        : await firstModelProvider(ctx, uid);
      if (!provider) return missing(step, 'No model provider is configured');
      if (!provider.categories.includes('llm'))
        throw new AppError('E0003', `The provider "${provider.name}" does not offer chat models`);
      const target: Target = { kind: 'provider', id: provider.providerId, name: provider.name };
      return probe(step, target, async () => ({
        count: (await providers.options(uid, provider.providerId, 'llm')).length,
      }));
    }
    case 'chatModel': {
      if (req.itemId) return chatProbe(ctx, step, await explicitModel(ctx, uid, req.itemId, 'llm'));
      const items = await new ProviderItemService(ctx.db, ctx.providers).list(uid, {
        category: 'llm',
        enabled: true,
      });
      const first = items.find((i) => i.item.enabled && i.provider.enabled);
      if (!first) return missing(step, 'No chat model is configured');
      return chatProbe(ctx, step, await explicitModel(ctx, uid, first.item.itemId, 'llm'));
    }
    case 'defaultModel': {
      if (req.itemId) return chatProbe(ctx, step, await explicitModel(ctx, uid, req.itemId, 'llm'));
      const chosen = (await findUserByUid(ctx.db, uid))?.preferences.defaultModel?.chat;
      if (!chosen) return missing(step, 'No default chat model is chosen');
      const m = await resolveModel(ctx, uid, chosen).catch((err: unknown) => {
        // a default whose model was deleted is as good as none
        if (err instanceof AppError && err.code === 'E1016') return null;
        throw err;
      });
      if (!m || m.item.category !== 'llm') return missing(step, 'The default chat model no longer exists');
      return chatProbe(ctx, step, m);
    }
    case 'embedding': {
      const m = req.itemId
        ? await explicitModel(ctx, uid, req.itemId, 'embedding')
        : await resolveModel(ctx, uid, 'embedding');
      if (!m) return missing(step, 'No embedding model is configured');
      return probe(step, itemTarget(m), async () => {
        const [vector] = await embedTexts(m, ['Atelier setup check']);
        return { dimensions: vector?.length ?? 0 };
      });
    }
    case 'webSearch': {
      const tool = req.providerId
        ? await resolveToolProviderById(ctx, uid, req.providerId, 'webSearch')
        : await resolveToolProvider(ctx, uid, 'webSearch');
      if (!tool) return missing(step, 'No web-search provider is configured');
      return probe(step, toolTarget(tool), async () => ({
        count: (await searchWith(tool, { q: WEB_CHECK_QUERY, limit: 3 }, webHttpOptions(ctx, tool))).length,
      }));
    }
    case 'parser': {
      // web links use a URL parser only when the preferences choose one (resource ingest)
      const chosen = req.providerId ?? (await findUserByUid(ctx.db, uid))?.preferences.urlParsing?.providerId;
      const tool = chosen
        ? req.providerId
          ? await resolveToolProviderById(ctx, uid, req.providerId, 'urlParsing')
          : await resolveToolProvider(ctx, uid, 'urlParsing')
        : null;
      if (tool && (URL_PARSERS as readonly string[]).includes(tool.provider.providerKey)) {
        return probe(step, toolTarget(tool), async () => {
          const page = await parseUrlExternally(
            tool,
            PARSER_CHECK_URL,
            privateNetworkAllowed(ctx.config, tool.provider.baseUrl),
          );
          if (!page.content.trim()) throw new AppError('E3001', 'The URL parser answered no content');
          return { reply: (page.title ?? page.content).trim().slice(0, REPLY_CHARS) };
        });
      }
      return probe(step, { kind: 'builtIn', id: null, name: 'Built-in parser' }, async () => {
        const parsed = await parseContent({
          body: Buffer.from(SAMPLE_PAGE),
          format: 'html',
          maxPages: ctx.config.PARSE_MAX_PAGES,
        });
        if (!parsed.content.includes('built-in parser'))
          throw new AppError('E3001', 'The built-in parser read nothing from its sample page');
        return { reply: parsed.title ?? '' };
      });
    }
  }
}
