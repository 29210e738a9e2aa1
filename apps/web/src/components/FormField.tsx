/**
 * A labelled form field with its validation message, for the signed-out dialogs: antd's Form
 * would add ~20 KB gzip to the JavaScript loaded before sign-in, so these use this instead.
 */
import type { ReactNode } from 'react';
import './formField.css';

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string | null;
  extra?: ReactNode;
  children: ReactNode;
}

export function FormField({ id, label, error, extra, children }: FormFieldProps) {
  return (
    <div className={`form-field${error ? ' form-field--error' : ''}`}>
      <div className="form-field__label">
        <label htmlFor={id}>{label}</label>
        {extra}
      </div>
      {children}
      <div className="form-field__message" id={`${id}-message`} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </div>
    </div>
  );
}
