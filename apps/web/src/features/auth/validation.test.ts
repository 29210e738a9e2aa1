import { describe, expect, it } from 'vitest';
import {
  EmailLoginSchema,
  EmailSchema,
  PasswordSchema,
  UsernameSchema,
  VALIDATION_MESSAGES,
} from '@atelier/contract';
import { emailProblem, passwordProblem, usernameProblem } from './validation';

const EMAILS = [
  'ada@example.com',
  '  ada@example.com  ',
  'Ada.Lovelace+notes@mail.example.co.uk',
  "o'brien@example.ie",
  "ends-with-quote'@example.com",
  'under_score@sub-domain.example.org',
  '.leading@example.com',
  'trailing.@example.com',
  'double..dot@example.com',
  'no-at-sign.example.com',
  'two@@example.com',
  'ada@localhost',
  'ada@-dash.example.com',
  'ada@example.c',
  'ada@example.123',
  'ada@exa_mple.com',
  'ada lovelace@example.com',
  'ünïcode@example.com',
  'ada@例子.com',
  `${'a'.repeat(64)}@${'b'.repeat(180)}.com`,
  `${'a'.repeat(64)}@${'b'.repeat(190)}.com`,
];

const PASSWORDS = ['1234567', '12345678', '        ', 'pässwörd', 'x'.repeat(256), 'x'.repeat(257)];

const USERNAMES = [
  'ada',
  'Ada_1815',
  '_',
  'ada lovelace',
  'ada-l',
  'ädä',
  'a'.repeat(30),
  'a'.repeat(31),
  'a b'.repeat(11),
];

describe('form rules (spec section 5)', () => {
  it('checks emails', () => {
    expect(emailProblem('')).toBe('emailRequired');
    expect(emailProblem('   ')).toBe('emailRequired');
    expect(emailProblem('nope')).toBe('emailInvalid');
    expect(emailProblem('ada@example.com')).toBeNull();
  });

  it('checks passwords: required, and at least 8 characters where a new one is set', () => {
    expect(passwordProblem('', false)).toBe('passwordRequired');
    expect(passwordProblem('short', false)).toBeNull();
    expect(passwordProblem('short', true)).toBe('passwordTooShort');
    expect(passwordProblem('12345678', true)).toBeNull();
  });

  it('checks usernames: letters, digits, underscores, at most 30', () => {
    expect(usernameProblem('')).toBe('usernameRequired');
    expect(usernameProblem('ada_lovelace_1815')).toBeNull();
    expect(usernameProblem('ada lovelace')).toBe('usernameInvalid');
    expect(usernameProblem('a'.repeat(31))).toBe('usernameTooLong');
    expect(usernameProblem('a'.repeat(30))).toBeNull();
  });

  // the rules are the contract's schemas written out without zod: they must agree on every case
  it('agrees with the contract schemas', () => {
    for (const email of EMAILS) {
      expect([email, emailProblem(email) === null]).toEqual([email, EmailSchema.safeParse(email).success]);
    }
    for (const password of PASSWORDS) {
      const ok = PasswordSchema.safeParse(password).success;
      expect([password, passwordProblem(password, true) === null]).toEqual([password, ok]);
    }
    for (const name of USERNAMES) {
      const parsed = UsernameSchema.safeParse(name);
      const expected = parsed.success
        ? null
        : parsed.error.issues.some((i) => i.code === 'too_big')
          ? 'usernameTooLong'
          : 'usernameInvalid';
      expect([name, usernameProblem(name)]).toEqual([name, expected]);
    }
  });

  it('shows the messages the contract schemas fail with', () => {
    const messageOf = (r: { error?: { issues: readonly { message: string }[] } }) =>
      r.error?.issues[0]?.message;
    expect(messageOf(EmailSchema.safeParse(''))).toBe(VALIDATION_MESSAGES.emailRequired);
    expect(messageOf(EmailSchema.safeParse('not-an-email'))).toBe(VALIDATION_MESSAGES.emailInvalid);
    expect(messageOf(EmailLoginSchema.shape.password.safeParse(''))).toBe(
      VALIDATION_MESSAGES.passwordRequired,
    );
    expect(messageOf(PasswordSchema.safeParse('short'))).toBe(VALIDATION_MESSAGES.passwordTooShort);
    expect(messageOf(UsernameSchema.safeParse('a'.repeat(200)))).toBe(VALIDATION_MESSAGES.usernameTooLong);
    expect(messageOf(UsernameSchema.safeParse('not valid!'))).toBe(VALIDATION_MESSAGES.usernameInvalid);
  });
});
