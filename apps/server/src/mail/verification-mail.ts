/** The verification-code mail (signup and password reset), in English or Simplified Chinese. */
import type { Locale } from '@atelier/contract';
import type { MailMessage } from '../context.js';

export type VerificationPurpose = 'signup' | 'resetPassword';

/** The mail language from an Accept-Language header: any zh* language is zh-CN, otherwise en. */
export function mailLocale(acceptLanguage: string | undefined): Locale {
  return acceptLanguage?.trim().toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

function validity(ttlMs: number, locale: Locale): string {
  if (ttlMs < 60_000) {
    const s = Math.max(1, Math.round(ttlMs / 1000));
    return locale === 'zh-CN' ? `${s} 秒` : `${s} second${s === 1 ? '' : 's'}`;
  }
  const m = Math.round(ttlMs / 60_000);
  return locale === 'zh-CN' ? `${m} 分钟` : `${m} minute${m === 1 ? '' : 's'}`;
}

export function verificationMail(opts: {
  to: string;
  code: string;
  purpose: VerificationPurpose;
  ttlMs: number;
  locale: Locale;
}): MailMessage {
  const { to, code, purpose, ttlMs, locale } = opts;
  const valid = validity(ttlMs, locale);
  let subject: string;
  let text: string;
  if (locale === 'zh-CN') {
    subject = purpose === 'signup' ? `Atelier 注册验证码：${code}` : `Atelier 重置密码验证码：${code}`;
    const what = purpose === 'signup' ? '完成注册' : '重置密码';
    text = `你的验证码是 ${code}，请在 ${valid}内输入以${what}。\n\n如果这不是你本人的操作，请忽略此邮件。\n`;
  } else {
    subject =
      purpose === 'signup'
        ? `Your Atelier sign-up code: ${code}`
        : `Your Atelier password reset code: ${code}`;
    const what = purpose === 'signup' ? 'finish signing up' : 'reset your password';
    text = `Your verification code is ${code}. Enter it within ${valid} to ${what}.\n\nIf you did not ask for this, you can ignore this email.\n`;
  }
  return { to, subject, text, meta: { code, purpose } };
}
