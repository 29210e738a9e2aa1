/**
 * Form rules of spec section 5. The rules themselves come from the contract's schemas; the
 * wording is the spec's, translated through i18n.
 */
import type { TFunction } from 'i18next';
import { EmailSchema, LIMITS, PasswordSchema, UsernameSchema } from '@atelier/contract';

export type EmailProblem = 'emailRequired' | 'emailInvalid';
export type PasswordProblem = 'passwordRequired' | 'passwordTooShort';
export type UsernameProblem = 'usernameRequired' | 'usernameTooLong' | 'usernameInvalid';

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

export function emailProblem(value: unknown): EmailProblem | null {
  const text = asText(value);
  if (!text.trim()) return 'emailRequired';
  return EmailSchema.safeParse(text).success ? null : 'emailInvalid';
}

export function passwordProblem(value: unknown, checkLength: boolean): PasswordProblem | null {
  const text = asText(value);
  if (!text) return 'passwordRequired';
  if (checkLength && !PasswordSchema.safeParse(text).success) return 'passwordTooShort';
  return null;
}

export function usernameProblem(value: unknown): UsernameProblem | null {
  const text = asText(value);
  if (!text) return 'usernameRequired';
  const parsed = UsernameSchema.safeParse(text);
  if (parsed.success) return null;
  return parsed.error.issues.some((i) => i.code === 'too_big') ? 'usernameTooLong' : 'usernameInvalid';
}

export function problemMessage(
  t: TFunction,
  problem: EmailProblem | PasswordProblem | UsernameProblem | 'passwordMismatch' | 'usernameTaken',
): string {
  switch (problem) {
    case 'emailRequired':
      return t('validation.emailRequired');
    case 'emailInvalid':
      return t('validation.emailInvalid');
    case 'passwordRequired':
      return t('validation.passwordRequired');
    case 'passwordTooShort':
      return t('validation.passwordTooShort', { count: LIMITS.passwordMinLength });
    case 'passwordMismatch':
      return t('validation.passwordMismatch');
    case 'usernameRequired':
      return t('validation.usernameRequired');
    case 'usernameTooLong':
      return t('validation.usernameTooLong', { count: LIMITS.usernameMaxLength });
    case 'usernameInvalid':
      return t('validation.usernameInvalid');
    case 'usernameTaken':
      return t('validation.usernameTaken');
  }
}

/** Checks for form rules (`checkRule`): a message, or null when the value is fine. */
export function validateEmail(t: TFunction, value: string): string | null {
  const problem = emailProblem(value);
  return problem ? problemMessage(t, problem) : null;
}

export function validatePassword(t: TFunction, value: string, checkLength: boolean): string | null {
  const problem = passwordProblem(value, checkLength);
  return problem ? problemMessage(t, problem) : null;
}

export function validateConfirmation(t: TFunction, value: string, password: string): string | null {
  if (!value) return problemMessage(t, 'passwordRequired');
  return value === password ? null : problemMessage(t, 'passwordMismatch');
}
