/**
 * Checks the model choices in user preferences before the user service stores them: each default
 * model (chat, queryAnalysis, titleGeneration) must be an enabled chat model the user may use, and
 * the web-search / URL / PDF parsing choices must name a provider (and item) of that category.
 * An empty string clears a choice.
 */
import type { ProviderCategory, UserPreferences } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { DbOrTx } from '../../db/helpers.js';
import type { GlobalProviderList } from '../../lib/providers/providers.types.js';
import { getUsableItem } from './provider.items.js';
import { TOOL_PREFERENCE_KEYS } from './provider.preferences.js';
import { getUsableProvider } from './provider.service.js';

const SCENES = ['chat', 'queryAnalysis', 'titleGeneration'] as const;

/** Re-throws a not-found with the preference's path in the message, keeping its code. */
async function named<T>(path: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && (err.code === 'E1015' || err.code === 'E1016')) {
      throw new AppError(err.code, `${path}: ${err.message}`);
    }
    throw err;
  }
}

export async function checkModelPreferences(
  db: DbOrTx,
  globals: GlobalProviderList,
  uid: string,
  prefs: Partial<UserPreferences>,
): Promise<void> {
  for (const scene of SCENES) {
    const itemId = prefs.defaultModel?.[scene];
    if (!itemId) continue;
    const path = `preferences.defaultModel.${scene}`;
    const { item, provider } = await named(path, () => getUsableItem(db, globals, uid, itemId));
    if (item.category !== 'llm')
      throw badRequest(`${path}: must be a chat model (llm), not ${item.category}`);
    if (!item.enabled || !provider.enabled) throw badRequest(`${path}: the model "${item.name}" is disabled`);
  }
  for (const key of TOOL_PREFERENCE_KEYS) {
    const pref = prefs[key];
    if (!pref) continue;
    const category: ProviderCategory = key;
    const path = `preferences.${key}`;
    if (pref.providerId) {
      const provider = await named(`${path}.providerId`, () =>
        getUsableProvider(db, globals, uid, pref.providerId ?? ''),
      );
      if (!provider.categories.includes(category)) {
        throw badRequest(`${path}.providerId: "${provider.name}" does not offer ${category}`);
      }
    }
    if (pref.providerItemId) {
      const { item } = await named(`${path}.providerItemId`, () =>
        getUsableItem(db, globals, uid, pref.providerItemId ?? ''),
      );
      if (item.category !== category)
        throw badRequest(`${path}.providerItemId: must be a ${category} item, not ${item.category}`);
      if (pref.providerId && item.providerId !== pref.providerId) {
        throw badRequest(`${path}.providerItemId: the item belongs to another provider`);
      }
    }
  }
}

/** The check bound to a server's global providers, for the user settings service. */
export function modelPreferencesCheck(ctx: AppContext) {
  return (db: DbOrTx, uid: string, prefs: Partial<UserPreferences>) =>
    checkModelPreferences(db, ctx.providers, uid, prefs);
}
