/**
 * Resolution for the modules that call models (skills, title generation, embeddings, web search):
 * which item, provider and (decrypted) key to use for a scene or an explicit item. A default that
 * is unset, deleted or disabled falls back (queryAnalysis/titleGeneration → chat → the first
 * enabled chat model), so a user with one model configured never sees E0014.
 */
import type { ProviderCategory } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { findUserByUid } from '../user/user.repository.js';
import { effectiveBaseUrl, providerKind } from './provider.catalog.js';
import { privateNetworkAllowed } from '../../lib/providers/providers.http.js';
import { getUsableItem, ProviderItemService, type UsableItem } from './provider.items.js';
import { listProviders } from './provider.repository.js';
import { getUsableProvider, openApiKey, toProviderRecord } from './provider.service.js';
import type { ModelScene, ProviderRecord, ResolvedModel, ResolvedToolProvider } from './provider.types.js';

const DEFAULT_SCENES = ['chat', 'queryAnalysis', 'titleGeneration'] as const;
type ToolCategory = 'webSearch' | 'urlParsing' | 'pdfParsing';

const isScene = (v: string): v is ModelScene =>
  (DEFAULT_SCENES as readonly string[]).includes(v) || v === 'embedding' || v === 'reranker';

const usable = ({ item, provider }: UsableItem) => item.enabled && provider.enabled;

function endpointOf(provider: ProviderRecord): ResolvedModel['provider'] {
  const kind = providerKind(provider.providerKey);
  return {
    providerId: provider.providerId,
    providerKey: provider.providerKey,
    name: provider.name,
    isGlobal: provider.isGlobal,
    baseUrl: kind ? effectiveBaseUrl(kind, provider.baseUrl) : provider.baseUrl,
  };
}

function toResolved(ctx: AppContext, { item, provider }: UsableItem): ResolvedModel {
  return {
    item: { itemId: item.itemId, name: item.name, category: item.category, tier: item.tier },
    provider: endpointOf(provider),
    apiKey: openApiKey(provider, ctx.secrets.encryption),
    config: item.config as ResolvedModel['config'],
    allowPrivateNetwork: provider.isGlobal || privateNetworkAllowed(ctx.config, endpointOf(provider).baseUrl),
  };
}

/**
 * The model to call for `uid`: a scene (chat, queryAnalysis, titleGeneration, embedding, reranker)
 * or an explicit provider item id. Null when the scene has no usable model (callers answer E0014 /
 * E0015). An explicit item the user may not use throws E1016; a disabled one E2003.
 */
export async function resolveModel(
  ctx: AppContext,
  uid: string,
  target: ModelScene | string,
): Promise<ResolvedModel | null> {
  const globals = ctx.providers;
  if (!isScene(target)) {
    const found = await getUsableItem(ctx.db, globals, uid, target);
    if (!usable(found))
      throw new AppError('E2003', `The model "${found.item.name}" is disabled; select another`);
    return toResolved(ctx, found);
  }
  const category: ProviderCategory = target === 'embedding' || target === 'reranker' ? target : 'llm';
  if (category === 'llm') {
    const user = await findUserByUid(ctx.db, uid);
    const defaults = user?.preferences.defaultModel ?? {};
    const candidates = [defaults[target as (typeof DEFAULT_SCENES)[number]], defaults.chat];
    for (const itemId of candidates) {
      if (!itemId) continue;
      const found = await getUsableItem(ctx.db, globals, uid, itemId).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'E1016') return null;
        throw err;
      });
      if (found && found.item.category === 'llm' && usable(found)) return toResolved(ctx, found);
    }
  }
  const items = await new ProviderItemService(ctx.db, globals).list(uid, { category, enabled: true });
  return firstUsable(ctx, items, category);
}

/** The first usable item of `category` in a listing (its order: the user's own order), resolved. */
function firstUsable(ctx: AppContext, items: UsableItem[], category: ProviderCategory): ResolvedModel | null {
  const found = items.find((i) => i.item.category === category && usable(i));
  return found ? toResolved(ctx, found) : null;
}

/**
 * The embedding and the reranker model of `uid` (each the first usable item of its category, as
 * `resolveModel` picks it), from one listing: semantic search needs both on every request.
 */
export async function resolveLibraryModels(
  ctx: AppContext,
  uid: string,
): Promise<{ embedding: ResolvedModel | null; reranker: ResolvedModel | null }> {
  const items = await new ProviderItemService(ctx.db, ctx.providers).list(uid, { enabled: true });
  return { embedding: firstUsable(ctx, items, 'embedding'), reranker: firstUsable(ctx, items, 'reranker') };
}

function toolOf(
  ctx: AppContext,
  category: ToolCategory,
  provider: ProviderRecord,
  found: UsableItem | null,
): ResolvedToolProvider {
  return {
    provider: endpointOf(provider),
    apiKey: openApiKey(provider, ctx.secrets.encryption),
    item: found
      ? { itemId: found.item.itemId, name: found.item.name, category, tier: found.item.tier }
      : null,
    config: found?.item.config ?? {},
  };
}

/**
 * One named web-search or parsing provider of `uid` (their own or a global one; E1015 for anyone
 * else's), with its first enabled item of `category`; E0003 when it does not offer `category`.
 */
export async function resolveToolProviderById(
  ctx: AppContext,
  uid: string,
  providerId: string,
  category: ToolCategory,
): Promise<ResolvedToolProvider> {
  const provider = await getUsableProvider(ctx.db, ctx.providers, uid, providerId);
  if (!provider.categories.includes(category))
    throw new AppError('E0003', `The provider "${provider.name}" does not offer ${category}`);
  const items = await new ProviderItemService(ctx.db, ctx.providers).list(uid, {
    providerId,
    category,
    enabled: true,
  });
  return toolOf(ctx, category, provider, items[0] ?? null);
}

/**
 * The web-search, URL-parsing or PDF-parsing provider for `uid`: the one chosen in preferences when
 * still usable, else the user's first enabled provider of that category, else a global one.
 */
export async function resolveToolProvider(
  ctx: AppContext,
  uid: string,
  category: ToolCategory,
): Promise<ResolvedToolProvider | null> {
  const globals = ctx.providers;
  const user = await findUserByUid(ctx.db, uid);
  const pref = user?.preferences[category];
  const toTool = (provider: ProviderRecord, found: UsableItem | null) =>
    toolOf(ctx, category, provider, found);
  if (pref?.providerId) {
    const provider = await getUsableProvider(ctx.db, globals, uid, pref.providerId).catch(() => null);
    if (provider?.enabled && provider.categories.includes(category)) {
      const found = pref.providerItemId
        ? await getUsableItem(ctx.db, globals, uid, pref.providerItemId).catch(() => null)
        : null;
      const item = found && found.item.category === category && found.item.enabled ? found : null;
      return toTool(provider, item);
    }
  }
  const own = (await listProviders(ctx.db, uid)).map(toProviderRecord);
  const provider = [...own, ...(await globals.list())].find(
    (p) => p.enabled && p.categories.includes(category),
  );
  if (!provider) return null;
  const items = await new ProviderItemService(ctx.db, globals).list(uid, {
    providerId: provider.providerId,
    category,
    enabled: true,
  });
  return toTool(provider, items[0] ?? null);
}
