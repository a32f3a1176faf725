import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** The field labelled `label` is `aria-invalid` and its `aria-describedby` reads `text` (issue #14). */
export async function expectFieldError(label: string, text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const field = screen.getByLabelText(label);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(described).toContain(text);
    return field;
  });
}
