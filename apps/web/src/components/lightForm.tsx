/**
 * A small form for the signed-out dialogs (sign-in, sign-up, password reset), which load before
 * sign-in and so without antd's `Form` (its form engine, validator and tooltips are a large part
 * of that JavaScript; issue 13). It behaves like `formRules.tsx`'s forms: a field is checked when
 * it loses focus and every field on submit, a field that shows an error is checked again as it
 * changes, and the message shows in a `FieldError` under the field (`.form-field__message`).
 */
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FieldError } from './formRules';

/** A field's check: the message to show, or null when the value is fine. */
export type FieldCheck<V> = (value: string, values: V) => string | null;

export interface LightFormOptions<V extends Record<string, string>> {
  initial: V;
  checks: { [K in keyof V]?: FieldCheck<V> };
  /** Fields checked on submit only (not when they lose focus). */
  submitOnly?: readonly (keyof V)[];
}

export interface LightForm<V extends Record<string, string>> {
  values: V;
  errors: Partial<Record<keyof V, string>>;
  setValue: (name: keyof V, value: string) => void;
  /** Checks the field as it loses focus (unless it is checked on submit only). */
  blur: (name: keyof V) => void;
  /** A submit handler that calls `onValid` with the values when every check passes. */
  submit: (onValid: (values: V) => void) => (event: FormEvent) => void;
  reset: () => void;
}

export function useLightForm<V extends Record<string, string>>({
  initial,
  checks,
  submitOnly = [],
}: LightFormOptions<V>): LightForm<V> {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  // the latest state for handlers called before a re-render (a blur right after a change)
  const latest = useRef({ values, errors });
  latest.current = { values, errors };
  const initialRef = useRef(initial);

  const check = useCallback(
    (name: keyof V, all: V): string | null => checks[name]?.(all[name] ?? '', all) ?? null,
    [checks],
  );

  const showResult = useCallback((name: keyof V, message: string | null) => {
    setErrors((prev) => {
      if ((prev[name] ?? null) === message) return prev;
      const next = { ...prev };
      if (message === null) delete next[name];
      else next[name] = message;
      latest.current.errors = next;
      return next;
    });
  }, []);

  const setValue = useCallback(
    (name: keyof V, value: string) => {
      const next = { ...latest.current.values, [name]: value };
      latest.current.values = next;
      setValues(next);
      // a field marked invalid is checked again while the user fixes it
      if (latest.current.errors[name] !== undefined) showResult(name, check(name, next));
    },
    [check, showResult],
  );

  const blur = useCallback(
    (name: keyof V) => {
      if (submitOnly.includes(name)) return;
      showResult(name, check(name, latest.current.values));
    },
    [check, showResult, submitOnly],
  );

  const submit = useCallback(
    (onValid: (values: V) => void) => (event: FormEvent) => {
      event.preventDefault();
      const all = latest.current.values;
      const found: Partial<Record<keyof V, string>> = {};
      for (const name of Object.keys(checks) as (keyof V)[]) {
        const message = check(name, all);
        if (message !== null) found[name] = message;
      }
      latest.current.errors = found;
      setErrors(found);
      if (Object.keys(found).length === 0) onValid(all);
    },
    [check, checks],
  );

  const reset = useCallback(() => {
    latest.current = { values: initialRef.current, errors: {} };
    setValues(initialRef.current);
    setErrors({});
  }, []);

  return { values, errors, setValue, blur, submit, reset };
}

/** A labelled field with its message under it (the look of antd's vertical form item). */
export function LightField({
  label,
  htmlFor,
  error,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={['light-field', error === undefined ? '' : 'light-field--error'].join(' ').trim()}>
      <label className="light-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {error === undefined ? null : (
        <div className="light-field__error">
          <FieldError>{error}</FieldError>
        </div>
      )}
    </div>
  );
}
