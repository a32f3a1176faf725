import type { ComponentPropsWithRef } from 'react';
import { FormField } from '@/components/ui/form-field';

interface TextInputProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'aria-invalid' | 'aria-describedby'> {
  label: string;
  /** The field's error (react-hook-form), shown under it; marks the input `aria-invalid`. */
  error?: string;
}

/** A labelled input with its error under it (issue #14), through `FormField`. */
export function TextInput({ label, error, ...input }: TextInputProps) {
  return <FormField label={label} error={error}>{(control) => <input className="input" {...input} {...control} />}</FormField>;
}
