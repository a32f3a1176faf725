import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FormField } from '@/components/ui/form-field';

interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'aria-invalid' | 'aria-describedby'> {
  label: string;
  hint?: string;
  /** The field's error (react-hook-form), shown under it; marks the input `aria-invalid`. */
  error?: string;
  /** Rendered after the input on the same row (e.g. a send button). */
  action?: ReactNode;
}

/** A labelled input (the label is always visible) with its hint and error, through `FormField`. */
export function TextField({ label, hint, error, action, ...input }: TextFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <div className={action ? 'field__row' : undefined}>
          <input className="input" {...input} {...control} />
          {action}
        </div>
      )}
    </FormField>
  );
}
