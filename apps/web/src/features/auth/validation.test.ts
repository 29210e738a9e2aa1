import { describe, expect, it } from 'vitest';
import { emailProblem, passwordProblem, usernameProblem } from './validation';

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
});
