/**
 * Strings of the lean share viewer: only the areas its screens read (share, pages' slideshow
 * and export, artifact previews), English bundled, Simplified Chinese loaded before the first
 * render when it is the language. The app's i18n (i18n/i18n.ts) is not loaded here: it carries
 * every screen's English texts and the contract's validation schemas.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@atelier/contract';
import { UI_LOCALES } from '../../../i18n/locale';
import { enArtifact } from '../../../i18n/locales/en.artifact';
import { enPageExport } from '../../../i18n/locales/en.pageExport';
import { enPages } from '../../../i18n/locales/en.pages';
import { enShare } from '../../../i18n/locales/en.share';

export const viewerEn = { share: enShare, pages: enPages, pageExport: enPageExport, artifact: enArtifact };

export const viewerI18n = i18next.createInstance();

export async function initViewerI18n(locale: Locale): Promise<void> {
  await viewerI18n.use(initReactI18next).init({
    resources: { en: { translation: viewerEn } },
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: [...UI_LOCALES],
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  if (locale === 'zh-CN') {
    const { viewerZh } = await import('./viewerZh');
    viewerI18n.addResourceBundle('zh-CN', 'translation', viewerZh, true, false);
  }
  document.documentElement.lang = locale;
}
