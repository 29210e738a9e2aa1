/**
 * The UI languages and how the starting one is chosen, apart from the strings: the public share
 * viewer (its own lean entry) reads these without loading the app's English texts.
 */
import type { Locale } from '@atelier/contract';

export const UI_LOCALES: readonly Locale[] = ['en', 'zh-CN'];

/** Spec section 4: a browser language starting with zh maps to zh-CN, anything else to en. */
export function detectLocale(languages: readonly string[]): Locale {
  const first = languages[0] ?? 'en';
  return first.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

export function isUiLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'zh-CN';
}
