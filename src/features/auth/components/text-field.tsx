import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  /** Rendered after the input on the same row (e.g. a send button). */
  action?: ReactNode;
}

/** A labelled input; the label is always visible. */
export function TextField({ label, hint, action, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className={action ? 'field__row' : undefined}>
        <input id={id} className="input" aria-describedby={hintId} {...input} />
        {action}
      </div>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
