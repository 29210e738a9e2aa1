/**
 * The English validation messages are the contract's own: read from its schemas (one
 * failing sample each) rather than copied, so the wording has a single source.
 */
import {
  EmailLoginSchema,
  EmailSchema,
  PASSWORD_MISMATCH_MESSAGE,
  PasswordSchema,
  UsernameSchema,
} from '@atelier/contract';

interface Parser {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

function messageOf(schema: Parser, failingSample: unknown): string {
  return schema.safeParse(failingSample).error?.issues[0]?.message ?? '';
}

export const contractValidationMessages = {
  emailRequired: messageOf(EmailSchema, ''),
  emailInvalid: messageOf(EmailSchema, 'not-an-email'),
  passwordRequired: messageOf(EmailLoginSchema.shape.password, ''),
  passwordTooShort: messageOf(PasswordSchema, 'short'),
  passwordMismatch: PASSWORD_MISMATCH_MESSAGE,
  usernameTooLong: messageOf(UsernameSchema, 'a'.repeat(200)),
  usernameInvalid: messageOf(UsernameSchema, 'not valid!'),
};
