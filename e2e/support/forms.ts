/**
 * Form field errors (issue #14): an invalid field is `aria-invalid="true"` and its error, under
 * it, is its accessible description (`aria-describedby`). Toasts are for outcomes only.
 */
import { expect, type Locator } from '@playwright/test';

/** `field` (an input, or a group of toggle buttons) shows `text` as its error. */
export async function expectFieldError(field: Locator, text: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

/** `field` is not marked invalid (any earlier error is gone). */
export async function expectFieldValid(field: Locator): Promise<void> {
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}
