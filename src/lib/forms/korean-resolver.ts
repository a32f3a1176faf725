/**
 * Form validation with the server's own TypeBox schemas (issue #14): react-hook-form's TypeBox
 * resolver (@hookform/resolvers) checks the values, and every field error is rewritten as a
 * Korean sentence naming the field, in the app's 해요체 ("비밀번호는 8자 이상이어야 해요.").
 * Limits come from the schema itself (minLength, maximum, …), so the form and the server never
 * disagree. `messages` overrides a field's text per keyword where UI-TEXT.md has its own words.
 */
import { typeboxResolver } from '@hookform/resolvers/typebox';
import { josa } from 'es-hangul';
import { format, ko } from '@/i18n/ko';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { TObject } from 'typebox';

/** The limits of one property schema that a message may quote. */
interface Limits {
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
}

/** Korean text for one failed keyword of a field labelled `label` (e.g. '비밀번호'). */
export function fieldErrorMessage(label: string, keyword: string, limits: Limits = {}): string {
  const t = ko.forms;
  const named = { object: josa(label, '을/를'), topic: josa(label, '은/는'), subject: josa(label, '이/가') };
  const text = (template: string, values: Record<string, string | number | undefined> = {}) =>
    format(template, { ...named, ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? ''])) });
  switch (keyword) {
    case 'required':
      return text(t.enter);
    case 'minLength':
      return !limits.minLength || limits.minLength <= 1 ? text(t.enter) : text(t.minLength, { n: limits.minLength });
    case 'maxLength':
      return text(t.maxLength, { n: limits.maxLength });
    case 'minimum':
    case 'maximum':
      return limits.minimum !== undefined && limits.maximum !== undefined
        ? text(t.range, { min: limits.minimum, max: limits.maximum })
        : keyword === 'minimum'
          ? text(t.minimum, { min: limits.minimum })
          : text(t.maximum, { max: limits.maximum });
    case 'format':
      return limits.format === 'email' ? t.email : text(t.format);
    case 'maxItems':
      return text(t.maxItems);
    default:
      return text(t.check);
  }
}

type PropertySchema = Limits & { anyOf?: PropertySchema[] };

/** The limits a property declares (looking into `anyOf` for nullable numbers). */
function limitsOf(schema: PropertySchema | undefined): Limits {
  if (!schema) return {};
  const inner = schema.anyOf?.find((s) => s.minLength !== undefined || s.maximum !== undefined || s.minimum !== undefined || s.format !== undefined);
  const s = inner ?? schema;
  return { minLength: s.minLength, maxLength: s.maxLength, minimum: s.minimum, maximum: s.maximum, format: s.format };
}

/**
 * A react-hook-form resolver for `schema` whose messages are Korean: `labels` names each field as
 * a person reads it ('비밀번호'); `messages[field][keyword]` replaces a generated text.
 */
export function koreanResolver<T extends FieldValues>(
  schema: TObject,
  labels: Partial<Record<string, string>>,
  messages: Partial<Record<string, Partial<Record<string, string>>>> = {},
): Resolver<T> {
  const base = typeboxResolver(schema) as unknown as Resolver<T>;
  const properties = (schema as unknown as { properties?: Record<string, PropertySchema> }).properties ?? {};
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const errors = result.errors as FieldErrors<T>;
    for (const [field, error] of Object.entries(errors) as [string, FieldError | undefined][]) {
      if (!error) continue;
      const keyword = String(error.type);
      const text = messages[field]?.[keyword] ?? fieldErrorMessage(labels[field] ?? field, keyword, limitsOf(properties[field]));
      (errors as Record<string, FieldError>)[field] = { ...error, message: text };
    }
    return result;
  };
}

/**
 * Puts a server 400 that names a field (`{ code: 'VALIDATION', field, message }`) on that field of
 * the form. Answers true when it did (the caller then shows no toast: toasts are for outcomes).
 */
export function applyServerFieldError(error: unknown, fields: readonly string[], setError: (name: never, error: { type: string; message: string }, options?: { shouldFocus: boolean }) => void): boolean {
  const e = error as { status?: number; field?: string; serverMessage?: string } | null;
  if (!e || e.status !== 400 || !e.field || !fields.includes(e.field)) return false;
  setError(e.field as never, { type: 'server', message: e.serverMessage ?? ko.forms.checkInput }, { shouldFocus: true });
  return true;
}
