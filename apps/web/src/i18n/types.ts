/** Typed translation keys: `t('landing.hero.title')` is checked against the English resources. */
import type { TFunction } from 'i18next';
import type { en } from './locales/en';
import type { enLegalDocs } from './locales/en.legalDocs';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & { legalDocs: typeof enLegalDocs } };
  }
}

/**
 * The `t` of `useTranslation(undefined, { keyPrefix: 'library' })`, for helpers that take it as
 * an argument: keys relative to one area of the strings (`t('tabs.resources')`).
 */
export type ScopedT<P extends keyof typeof en> = TFunction<'translation', P>;
