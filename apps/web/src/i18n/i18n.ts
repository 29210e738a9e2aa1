/**
 * i18next set-up: English is bundled (it is also the fallback), Simplified Chinese and the
 * long legal texts are loaded on demand. The starting language is the saved setting or the
 * browser's (any `zh*` → zh-CN, otherwise en); settings switch it at run time.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@atelier/contract';
import { isUiLocale, UI_LOCALES } from './locale';
import { en } from './locales/en';

export { detectLocale, isUiLocale, UI_LOCALES } from './locale';

export const i18n = i18next.createInstance();

export function initI18n(locale: Locale): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { en: { translation: en } },
      lng: locale,
      fallbackLng: 'en',
      supportedLngs: [...UI_LOCALES],
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
  }
  return i18n;
}

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<object>> = {
  'zh-CN': () => import('./locales/zh-CN').then((m) => m.zhCN),
};

/** Locales whose main strings are loaded; feature chunks may add to a locale before it is. */
const loadedLocales = new Set<Locale>(['en']);

/** Makes sure the strings of `locale` are loaded (English always is). */
export async function ensureLocale(locale: Locale): Promise<void> {
  if (locale === 'en' || loadedLocales.has(locale)) return;
  const resources = await loaders[locale]();
  i18n.addResourceBundle(locale, 'translation', resources, true, false);
  loadedLocales.add(locale);
}

const legalLoaders: Record<Locale, () => Promise<object>> = {
  en: () => import('./locales/en.legalDocs').then((m) => m.enLegalDocs),
  'zh-CN': () => import('./locales/zh-CN.legalDocs').then((m) => m.zhLegalDocs),
};

export function hasLegalDocs(locale: Locale): boolean {
  return i18n.getResource(locale, 'translation', 'legalDocs.updated') !== undefined;
}

/** Loads the privacy and terms texts of `locale` (under `legalDocs`). */
export async function ensureLegalDocs(locale: Locale): Promise<void> {
  if (hasLegalDocs(locale)) return;
  const docs = await legalLoaders[locale]();
  i18n.addResourceBundle(locale, 'translation', { legalDocs: docs }, true, false);
}

export function currentLocale(): Locale {
  return isUiLocale(i18n.language) ? i18n.language : 'en';
}

export async function changeUiLocale(locale: Locale): Promise<void> {
  await ensureLocale(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
