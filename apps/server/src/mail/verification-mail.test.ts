import { describe, expect, it } from 'vitest';
import { mailLocale, verificationMail } from './verification-mail.js';

describe('verification mail', () => {
  it('picks zh-CN for any zh language, en otherwise', () => {
    expect(mailLocale('zh-TW,zh;q=0.9')).toBe('zh-CN');
    expect(mailLocale('ZH')).toBe('zh-CN');
    expect(mailLocale('en-US,zh;q=0.5')).toBe('en');
    expect(mailLocale(undefined)).toBe('en');
  });

  it('states the code and its validity', () => {
    const en = verificationMail({
      to: 'a@b.c',
      code: '123456',
      purpose: 'signup',
      ttlMs: 600_000,
      locale: 'en',
    });
    expect(en.subject).toContain('123456');
    expect(en.text).toContain('within 10 minutes');
    expect(en.meta).toEqual({ code: '123456', purpose: 'signup' });
    const zh = verificationMail({
      to: 'a@b.c',
      code: '654321',
      purpose: 'resetPassword',
      ttlMs: 30_000,
      locale: 'zh-CN',
    });
    expect(zh.subject).toContain('重置密码');
    expect(zh.text).toContain('30 秒');
  });
});
