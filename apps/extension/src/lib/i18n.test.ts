import { describe, expect, it } from 'vitest';
import { MESSAGES, errorText, resolveLocale, translate } from './i18n';
import { EXTENSION_ERRORS } from './protocol';

describe('extension strings', () => {
  it('has the same keys, all non-empty, in en and zh-CN', () => {
    const en = Object.keys(MESSAGES.en).sort();
    expect(Object.keys(MESSAGES['zh-CN']).sort()).toEqual(en);
    for (const locale of ['en', 'zh-CN'] as const) {
      for (const [key, text] of Object.entries(MESSAGES[locale]))
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
    }
  });

  it('has a message for every extension error in both languages', () => {
    for (const code of EXTENSION_ERRORS) {
      expect(errorText('en', code)).toBe(MESSAGES.en[`err_${code}`]);
      expect(errorText('zh-CN', code)).toBe(MESSAGES['zh-CN'][`err_${code}`]);
    }
  });

  it('uses the catalogue for server codes', () => {
    expect(errorText('en', 'E2001')).toMatch(/storage quota/i);
    expect(errorText('en', 'E2004')).toMatch(/100k/i);
    expect(errorText('zh-CN', 'E2004')).not.toBe(errorText('en', 'E2004'));
    expect(errorText('en', 'nonsense', 'fallback')).toBe('fallback');
  });

  it('picks the locale and fills placeholders', () => {
    expect(resolveLocale('auto', 'zh-TW')).toBe('zh-CN');
    expect(resolveLocale('auto', 'de-DE')).toBe('en');
    expect(resolveLocale('en', 'zh-CN')).toBe('en');
    expect(translate('en', 'saved', { address: 'http://a' })).toBe('Saved. The clipper uses http://a.');
  });
});
