/**
 * Minimal form state for small forms: values, one validator per field (run on blur and on
 * submit), and the first message of each invalid field.
 */
import { useState } from 'react';

export type Validators<V> = { [K in keyof V]?: (value: V[K], all: V) => string | null };

export interface SimpleForm<V> {
  values: V;
  errors: Partial<Record<keyof V, string>>;
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  /** Validate one field (on blur). */
  touch: (name: keyof V) => void;
  /** Validate every field; calls `onValid` with the values when all pass. */
  submit: (onValid: (values: V) => void) => void;
  reset: () => void;
}

export function useSimpleForm<V extends object>(initial: V, validators: Validators<V>): SimpleForm<V> {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});

  const check = (name: keyof V, all: V): string | undefined =>
    validators[name]?.(all[name], all) ?? undefined;

  return {
    values,
    errors,
    set: (name, value) => {
      setValues((prev) => ({ ...prev, [name]: value }));
      // a field marked invalid is re-checked as the user fixes it
      if (errors[name]) setErrors((prev) => ({ ...prev, [name]: check(name, { ...values, [name]: value }) }));
    },
    touch: (name) => setErrors((prev) => ({ ...prev, [name]: check(name, values) })),
    submit: (onValid) => {
      const next: Partial<Record<keyof V, string>> = {};
      for (const name of Object.keys(validators) as (keyof V)[]) {
        const message = check(name, values);
        if (message) next[name] = message;
      }
      setErrors(next);
      if (Object.keys(next).length === 0) onValid(values);
    },
    reset: () => {
      setValues(initial);
      setErrors({});
    },
  };
}
