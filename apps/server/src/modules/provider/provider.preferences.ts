/**
 * Keeps user preferences tidy when providers or items go away: default models and the web-search /
 * parsing choices that pointed at them are removed, so settings never show a dangling id.
 */
import type { UserPreferences } from '@atelier/contract';
import type { DbOrTx } from '../../db/helpers.js';
import { lockUser, updateUser } from '../user/user.repository.js';

export const TOOL_PREFERENCE_KEYS = ['webSearch', 'urlParsing', 'pdfParsing'] as const;

export interface ForgetTargets {
  providerIds?: string[];
  itemIds?: string[];
}

/** The preferences without references to the given providers and items; null when nothing changes. */
export function withoutReferences(prefs: UserPreferences, targets: ForgetTargets): UserPreferences | null {
  const providerIds = new Set(targets.providerIds ?? []);
  const itemIds = new Set(targets.itemIds ?? []);
  let changed = false;
  const next: UserPreferences = { ...prefs };
  if (prefs.defaultModel) {
    const kept = Object.fromEntries(
      Object.entries(prefs.defaultModel).filter(([, id]) => !(typeof id === 'string' && itemIds.has(id))),
    );
    if (Object.keys(kept).length !== Object.keys(prefs.defaultModel).length) {
      next.defaultModel = kept;
      changed = true;
    }
  }
  for (const key of TOOL_PREFERENCE_KEYS) {
    const pref = prefs[key];
    if (!pref) continue;
    if (pref.providerId && providerIds.has(pref.providerId)) {
      delete next[key];
      changed = true;
    } else if (pref.providerItemId && itemIds.has(pref.providerItemId)) {
      const { providerItemId: _dropped, ...rest } = pref;
      next[key] = rest;
      changed = true;
    }
  }
  return changed ? next : null;
}

/** Removes references to deleted providers or items from the user's preferences (inside the caller's transaction). */
export async function forgetInPreferences(tx: DbOrTx, uid: string, targets: ForgetTargets): Promise<void> {
  if (!targets.providerIds?.length && !targets.itemIds?.length) return;
  const user = await lockUser(tx, uid);
  if (!user) return;
  const next = withoutReferences(user.preferences, targets);
  if (next) await updateUser(tx, uid, { preferences: next });
}
