/**
 * The English validation messages are the contract's own: the messages its user schemas fail
 * with (validation-messages.ts, a module without zod, so the sign-in dialogs load no schemas),
 * so the wording has a single source.
 */
export { VALIDATION_MESSAGES as contractValidationMessages } from '@atelier/contract/validation-messages';
