import { describe, expect, it } from 'vitest';
import { contractValidationMessages } from './contractMessages';
import { detectLocale, ensureLegalDocs, ensureLocale, i18n, initI18n } from './i18n';
import { en } from './locales/en';
import { enLegalDocs } from './locales/en.legalDocs';
import { zhCN } from './locales/zh-CN';
import { zhLegalDocs } from './locales/zh-CN.legalDocs';

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value))
      for (const [p, s] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(p, s);
  }
  return out;
}

describe('languages', () => {
  it('starts from the browser language: any zh* is zh-CN, anything else en', () => {
    expect(detectLocale(['zh-TW', 'en'])).toBe('zh-CN');
    expect(detectLocale(['zh'])).toBe('zh-CN');
    expect(detectLocale(['ZH-hk'])).toBe('zh-CN');
    expect(detectLocale(['fr-FR', 'zh-CN'])).toBe('en');
    expect(detectLocale([])).toBe('en');
  });

  it('has every string in zh-CN, translated', () => {
    for (const [enSet, zhSet] of [
      [leaves(en), leaves(zhCN)],
      [leaves(enLegalDocs), leaves(zhLegalDocs)],
    ] as const) {
      expect([...zhSet.keys()].sort()).toEqual([...enSet.keys()].sort());
      for (const [key, text] of zhSet) {
        expect(text.trim(), key).not.toBe('');
        // interpolation variables must survive translation (the contract's English has the numbers inline)
        if (Object.keys(contractValidationMessages).some((k) => key === `validation.${k}`)) continue;
        const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        expect(vars(text), key).toEqual(vars(enSet.get(key) ?? ''));
      }
    }
  });

  it('bundles every area file of both languages under its own key', () => {
    const enAreas = import.meta.glob<Record<string, object>>('./locales/en.*.ts', { eager: true });
    const zhAreas = import.meta.glob<Record<string, object>>('./locales/zh-CN.*.ts', { eager: true });
    const areaOf = (file: string) => file.replace(/^.*\/(en|zh-CN)\.(\w+)\.ts$/, '$2');
    expect(Object.keys(zhAreas).map(areaOf).sort()).toEqual(Object.keys(enAreas).map(areaOf).sort());
    for (const [file, mod] of Object.entries(enAreas)) {
      const area = areaOf(file);
      if (area === 'legalDocs') continue; // loaded with the privacy and terms pages
      expect((en as Record<string, unknown>)[area], file).toBe(Object.values(mod)[0]);
    }
    for (const [file, mod] of Object.entries(zhAreas)) {
      const area = areaOf(file);
      if (area === 'legalDocs') continue;
      expect((zhCN as Record<string, unknown>)[area], file).toBe(Object.values(mod)[0]);
    }
  });

  it('translates an area through a key prefix in both languages', async () => {
    initI18n('en');
    expect(i18n.getFixedT(null, null, 'labels')('deleteTitle', { name: 'P' })).toBe('Delete “P”?');
    await ensureLocale('zh-CN');
    await i18n.changeLanguage('zh-CN');
    expect(i18n.getFixedT(null, null, 'labels')('deleteTitle', { name: 'P' })).toBe(
      zhCN.labels.deleteTitle.replace('{{name}}', 'P'),
    );
    expect(i18n.t('errors.toastTitle')).toBe('哎呀，出错了');
    await i18n.changeLanguage('en');
  });

  it('uses the spec wording for validation, from the contract', () => {
    expect(en.validation.emailRequired).toBe('Email cannot be empty');
    expect(en.validation.emailInvalid).toBe('Please enter a valid email address');
    expect(en.validation.passwordTooShort).toBe('Password must contain 8 or more characters');
    expect(en.validation.passwordMismatch).toBe('The new password that you entered do not match!');
    expect(en.validation.usernameTaken).toBe('The username is taken');
  });

  it('loads Chinese and the legal texts on demand', async () => {
    initI18n('en');
    expect(i18n.t('errors.toastTitle')).toBe('Oops, something went wrong');
    await ensureLocale('zh-CN');
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('errors.toastTitle')).toBe('哎呀，出错了');
    await ensureLegalDocs('zh-CN');
    expect(i18n.t('legalDocs.privacy.scope.title')).toBe('适用范围');
    await i18n.changeLanguage('en');
  });
});
