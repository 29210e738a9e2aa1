/**
 * The English messages of the form rules of spec section 5: the user schemas (entities/user.ts)
 * fail with these, and the web app shows them (through i18n) without loading the schemas.
 */
import { LIMITS } from './limits.js';

export const VALIDATION_MESSAGES = {
  emailRequired: 'Email cannot be empty',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password cannot be empty',
  passwordTooShort: `Password must contain ${LIMITS.passwordMinLength} or more characters`,
  passwordMismatch: 'The new password that you entered do not match!',
  usernameTooLong: `The username can be at most ${LIMITS.usernameMaxLength} characters`,
  usernameInvalid: 'The username can only contain letters, numbers and underscores',
} as const;
