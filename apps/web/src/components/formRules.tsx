/**
 * The one way to build a form: antd `Form` with `Form.useForm`, fields in `Form.Item`s and
 * rules whose messages come from i18n (or from the contract's validation through it).
 *
 * - `checkRule` turns "a message, or null when the value is fine" into a rule; the message is
 *   shown in a `FieldError` (announced to screen readers; `.form-field__message` is what the
 *   browser tests read).
 * - `BLUR_VALIDATION` checks a field when it loses focus and every field on submit;
 *   `useRecheckInvalid` re-checks a field marked invalid while the user fixes it.
 * - A server error that belongs to a field goes under it with `form.setFields([{ name, errors }])`.
 */
import { useCallback, type ReactNode } from 'react';
import type { FormInstance, FormProps } from 'antd';
import type { Rule } from 'antd/es/form';

export function FieldError({ children }: { children: ReactNode }) {
  return (
    <span className="form-field__message" role="alert">
      {children}
    </span>
  );
}

/** A rule from a check that returns the message to show, or null when the value is fine. */
export function checkRule<T = string>(
  messageOf: (value: T, getFieldValue: (name: string) => unknown) => string | null,
): Rule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: T) => {
      const message = messageOf(value, getFieldValue);
      // the rejection's value is what the field shows: the message in its alert element
      return message === null ? Promise.resolve() : Promise.reject(<FieldError>{message}</FieldError>);
    },
  });
}

/** Validation on blur and on submit, the vertical layout and no required marks. */
export const BLUR_VALIDATION = {
  layout: 'vertical',
  requiredMark: false,
  validateTrigger: 'onBlur',
} as const satisfies FormProps;

/** `onValuesChange` for a form: a field that shows an error is checked again as it changes. */
export function useRecheckInvalid(form: FormInstance): (changed: Record<string, unknown>) => void {
  return useCallback(
    (changed) => {
      const invalid = Object.keys(changed).filter((name) => form.getFieldError(name).length > 0);
      if (invalid.length) form.validateFields(invalid).catch(() => undefined);
    },
    [form],
  );
}
