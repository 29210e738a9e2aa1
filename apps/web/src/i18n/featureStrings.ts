/**
 * Strings of a lazily loaded feature. A feature keeps its English and Chinese texts in its own
 * `strings.ts` (next to its screens) and registers them when its chunk loads, so they never
 * weigh on the JavaScript loaded before login. Keys live under the feature's namespace and are
 * typed from the English texts:
 *
 *   export const strings = { en: {...}, 'zh-CN': {...} } satisfies FeatureStrings;
 *   export const useLibraryT = () => useFeatureT('library', strings);
 *   const t = useLibraryT();  t('tabs.resources')   // → i18n key 'library.tabs.resources'
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@atelier/contract';
import { i18n, UI_LOCALES } from './i18n';

type Tree = { readonly [key: string]: string | Tree };
export type FeatureStrings = Record<Locale, Tree>;

/** Dotted paths to every string of a tree: 'tabs.resources' | 'status.finish' | … */
export type StringKey<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${StringKey<T[K]>}`;
}[keyof T & string];

export type FeatureT<S extends FeatureStrings> = (
  key: StringKey<S['en']>,
  values?: Record<string, string | number>,
) => string;

const registered = new Set<string>();

export function registerFeatureStrings(namespace: string, strings: FeatureStrings): void {
  if (registered.has(namespace)) return;
  registered.add(namespace);
  for (const locale of UI_LOCALES) {
    i18n.addResourceBundle(locale, 'translation', { [namespace]: strings[locale] }, true, false);
  }
}

/** A translate function over one feature's strings (re-renders on language change). */
export function useFeatureT<S extends FeatureStrings>(namespace: string, strings: S): FeatureT<S> {
  registerFeatureStrings(namespace, strings);
  const { t, i18n: instance } = useTranslation();
  const untyped = t as unknown as (key: string, values?: object) => string;
  return useCallback(
    (key, values) => untyped(`${namespace}.${key}`, values),
    [untyped, namespace, instance.language],
  );
}

/** The same outside React (e.g. in a message shown from a callback). */
export function featureT<S extends FeatureStrings>(namespace: string, strings: S): FeatureT<S> {
  registerFeatureStrings(namespace, strings);
  const untyped = i18n.t.bind(i18n) as unknown as (key: string, values?: object) => string;
  return (key, values) => untyped(`${namespace}.${key}`, values);
}
