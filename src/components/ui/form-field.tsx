import { useId, type ReactNode } from 'react';

/** What a field's control needs to be tied to its label, hint and error (issue #14). */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: string;
  /** The field's error (react-hook-form `errors.x?.message`): shown under it in Korean. */
  error?: string;
  hint?: string;
  /** Shown as a visually hidden label (the control already shows it), e.g. a search box. */
  hideLabel?: boolean;
  /** Renders the control with the id, `aria-invalid` and `aria-describedby` it must carry. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control with its hint and error (issue #14): the error appears under the field
 * (`role` none: the field's `aria-describedby` reads it with the field; focus moves to the first
 * invalid field on submit), `aria-invalid` marks the field. Toasts are for outcomes, not validation.
 */
export function FormField({ label, error, hint, hideLabel, children }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
