import { describe, expect, it } from 'vitest';
import { featureT, type FeatureStrings } from './featureStrings';
import { ensureLocale, i18n, initI18n } from './i18n';

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value))
      for (const [p, s] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(p, s);
  }
  return out;
}

/** Every feature's `strings.ts` (loaded with its chunk) exports `strings`. */
const featureModules = import.meta.glob<{ strings: FeatureStrings }>('../features/**/strings.ts', {
  eager: true,
});

describe('feature strings', () => {
  it('has every feature string in zh-CN, translated, with the same variables', () => {
    for (const [file, mod] of Object.entries(featureModules)) {
      const enSet = leaves(mod.strings.en);
      const zhSet = leaves(mod.strings['zh-CN']);
      expect([...zhSet.keys()].sort(), file).toEqual([...enSet.keys()].sort());
      const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      for (const [key, text] of zhSet) {
        expect(text.trim(), `${file} ${key}`).not.toBe('');
        expect(vars(text), `${file} ${key}`).toEqual(vars(enSet.get(key) ?? ''));
      }
    }
  });

  it('registers a feature in both languages without hiding the main Chinese strings', async () => {
    initI18n('en');
    const t = featureT('featureProbe', {
      en: { greet: { hello: 'Hello {{name}}' } },
      'zh-CN': { greet: { hello: '你好 {{name}}' } },
    });
    expect(t('greet.hello', { name: 'A' })).toBe('Hello A');
    await ensureLocale('zh-CN');
    await i18n.changeLanguage('zh-CN');
    expect(t('greet.hello', { name: 'A' })).toBe('你好 A');
    expect(i18n.t('errors.toastTitle')).toBe('哎呀，出错了');
    await i18n.changeLanguage('en');
  });
});
