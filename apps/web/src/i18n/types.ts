/** Typed translation keys: `t('landing.hero.title')` is checked against the English resources. */
import type { en } from './locales/en';
import type { enLegalDocs } from './locales/en.legalDocs';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & { legalDocs: typeof enLegalDocs } };
  }
}
