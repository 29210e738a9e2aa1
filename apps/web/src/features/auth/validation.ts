/**
 * Form rules of spec section 5, the wording the spec's, translated through i18n. The checks are
 * the contract's schemas (EmailSchema, PasswordSchema, UsernameSchema) written out without zod, so
 * the sign-in dialogs load no schema library before sign-in (issue 13); validation.test.ts holds
 * them to the schemas' verdicts. The server's check stays the authority.
 */
import type { TFunction } from 'i18next';
import { LIMITS } from '@atelier/contract/limits';

export type EmailProblem = 'emailRequired' | 'emailInvalid';
export type PasswordProblem = 'passwordRequired' | 'passwordTooShort';
export type UsernameProblem = 'usernameRequired' | 'usernameTooLong' | 'usernameInvalid';

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Longest address and password the contract accepts. */
const EMAIL_MAX_LENGTH = 254;
const PASSWORD_MAX_LENGTH = 256;
/**
 * An address as EmailSchema takes it: dot-separated words of letters, digits and _ ' + - before
 * the @ (the last character not an apostrophe), then dot-separated labels that start with a
 * letter or digit, ending in a top-level domain of two or more letters.
 */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

export function emailProblem(value: unknown): EmailProblem | null {
  const text = asText(value);
  const trimmed = text.trim();
  if (!trimmed) return 'emailRequired';
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed) ? null : 'emailInvalid';
}

export function passwordProblem(value: unknown, checkLength: boolean): PasswordProblem | null {
  const text = asText(value);
  if (!text) return 'passwordRequired';
  // the contract's one message for a password outside its bounds
  const fits = text.length >= LIMITS.passwordMinLength && text.length <= PASSWORD_MAX_LENGTH;
  if (checkLength && !fits) return 'passwordTooShort';
  return null;
}

export function usernameProblem(value: unknown): UsernameProblem | null {
  const text = asText(value);
  if (!text) return 'usernameRequired';
  if (text.length > LIMITS.usernameMaxLength) return 'usernameTooLong';
  return USERNAME_PATTERN.test(text) ? null : 'usernameInvalid';
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
