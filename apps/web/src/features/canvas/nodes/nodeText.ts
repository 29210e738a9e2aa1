/**
 * Translations for canvas node components. A canvas draws up to 2,000 nodes, and react-i18next's
 * `useTranslation` gives each call its own wrapper, state and language-change subscription (about
 * a twentieth of opening a 2,000-node canvas went there, several calls per node). Nodes instead
 * share one subscription to language changes and one fixed `t` per language; they
 * re-render with the new language as before.
 */
import { useSyncExternalStore } from 'react';
import { getI18n } from 'react-i18next';
import type { TFunction } from 'i18next';

const listeners = new Set<() => void>();
let unbind: (() => void) | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!unbind) {
    const i18n = getI18n();
    const changed = () => listeners.forEach((notify) => notify());
    i18n.on('languageChanged', changed);
    unbind = () => i18n.off('languageChanged', changed);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      unbind?.();
      unbind = null;
    }
  };
}

const language = () => getI18n().language;
const fixed = new Map<string, TFunction>();

/** Like `useTranslation().t` (full keys), with one language subscription for all nodes. */
export function useNodeT(): TFunction {
  const lng = useSyncExternalStore(subscribe, language);
  let t = fixed.get(lng);
  if (!t) {
    t = getI18n().getFixedT(lng);
    fixed.set(lng, t);
  }
  return t;
}
