/**
 * Request validation (issue #13 "Numbers that are numbers"): Fastify's Ajv, configured per part of
 * the request.
 * - JSON bodies are never coerced: `"12"` is not the number 12, and the string `"Infinity"` is not
 *   a number at all (Ajv's coercion used to turn `"Infinity"`/`"1e309"` into `Infinity`, which
 *   passed `minimum`/`maximum` and reached the database).
 * - Path and query values are text by nature: a property declared `integer` or `number` is
 *   converted here, and only from plain decimal text (`12`, `-3`, `37.5665`) to a finite number;
 *   `Infinity`, `1e309`, `0x10`, ` 1`, `1.` stay strings and fail the type (Ajv's own coercion
 *   accepted all of those, and skipped `minimum`/`maximum` on the coerced value — checked with
 *   ajv 8.20.0).
 * - Everywhere `strictNumbers`: `NaN` and `±Infinity` (e.g. `1e309` in JSON) fail `number` and
 *   `integer`.
 *
 * Validation failures go to the central error handler (server/plugins/errors.ts), which answers
 * 400 `VALIDATION` naming the field (`validationFailure`; the text is the catalogue's, common/errors.ts).
 */
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';

/** Ajv options: no coercion, `NaN`/`±Infinity` are not numbers, `allErrors` off (a DoS vector). */
const AJV_OPTIONS = { removeAdditional: false, allErrors: false, strictNumbers: true, useDefaults: true, coerceTypes: false } as const;

const DECIMAL_INTEGER = /^-?(?:0|[1-9][0-9]{0,15})$/;
const DECIMAL_NUMBER = /^-?(?:0|[1-9][0-9]{0,15})(?:\.[0-9]{1,17})?$/;

/**
 * Converts one path or query value declared `integer`/`number`: plain decimal text → a finite
 * number; anything else is answered unchanged (and then fails the schema's type).
 */
export function decimalFromText(value: unknown, kind: 'integer' | 'number'): unknown {
  if (typeof value !== 'string' || !(kind === 'integer' ? DECIMAL_INTEGER : DECIMAL_NUMBER).test(value)) return value;
  const n = Number(value);
  return Number.isFinite(n) && (kind === 'number' || Number.isSafeInteger(n)) ? n : value;
}

type JsonSchema = { type?: unknown; properties?: Record<string, JsonSchema>; anyOf?: JsonSchema[] };

/** The numeric kind a property schema declares (`integer` wins over `number` in a union), if any. */
function numericKind(schema: JsonSchema | undefined): 'integer' | 'number' | undefined {
  if (!schema) return undefined;
  const types = [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].flat();
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  return undefined;
}

/** Where a string holding U+0000 sits in `data` (a JSON pointer), or null. PostgreSQL text cannot store it. */
export function nulCharacterPath(data: unknown, path = '', depth = 0): string | null {
  if (typeof data === 'string') return data.includes('\u0000') ? path || '/' : null;
  if (depth > 64 || data === null || typeof data !== 'object') return null;
  for (const [key, value] of Object.entries(data)) {
    const found = nulCharacterPath(value, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * A Fastify validator compiler: every part is refused (400 naming the field) when a string holds
 * U+0000 (found by the edge property tests, issue #13: PostgreSQL answered 500); JSON bodies validated as sent; path and query objects get their
 * `integer`/`number` properties converted by `decimalFromText` first. Install with
 * `app.setValidatorCompiler(requestValidatorCompiler())`.
 */
export function requestValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const compile = AjvCompiler()({}, { customOptions: AJV_OPTIONS });
  return (route) => {
    const compiled = compile(route) as ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };
    const validate = Object.assign(
      (data: unknown) => {
        const nul = nulCharacterPath(data);
        if (nul) {
          validate.errors = [{ keyword: 'nul', instancePath: nul === '/' ? '' : nul, schemaPath: '#', params: {}, message: 'must not contain U+0000' }];
          return false;
        }
        const ok = compiled(data);
        validate.errors = compiled.errors;
        return ok;
      },
      { errors: undefined as FastifySchemaValidationError[] | null | undefined },
    );
    if (route.httpPart !== 'params' && route.httpPart !== 'querystring') return validate;
    const properties = (route.schema as JsonSchema).properties ?? {};
    const numeric = Object.entries(properties).flatMap(([name, s]) => {
      const kind = numericKind(s);
      return kind ? [[name, kind] as const] : [];
    });
    const withNumbers = (data: unknown) => {
      if (data && typeof data === 'object') {
        const record = data as Record<string, unknown>;
        for (const [name, kind] of numeric) if (name in record) record[name] = decimalFromText(record[name], kind);
      }
      const ok = validate(data);
      withNumbers.errors = validate.errors;
      return ok;
    };
    withNumbers.errors = undefined as FastifySchemaValidationError[] | null | undefined;
    return withNumbers;
  };
}

/** The first field a validation error names (`latitude`, `tags`, …), or undefined for the whole body. */
export function invalidField(errors: readonly FastifySchemaValidationError[]): string | undefined {
  const first = errors[0];
  if (!first) return undefined;
  const params = first.params as { missingProperty?: string; additionalProperty?: string } | undefined;
  if (params?.missingProperty) return params.missingProperty;
  if (params?.additionalProperty) return params.additionalProperty;
  // instancePath is a JSON pointer: "/latitude", "/tags/2" → the first segment names the field.
  const segment = first.instancePath.split('/').find((s) => s !== '' && !/^[0-9]+$/.test(s));
  return segment?.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * What a validation failure is about: `field` (as sent) and the `problem` — `missing` (a required
 * property), `extra` (one the schema does not allow) or `invalid`. The text comes from the
 * catalogue's `VALIDATION` (common/errors.ts), e.g. "'위도'(latitude) 값이 올바르지 않아요."
 */
export function validationFailure(errors: readonly FastifySchemaValidationError[]): { field?: string; problem?: 'missing' | 'extra' | 'invalid' } {
  const field = invalidField(errors);
  if (!field) return {};
  const params = errors[0]?.params as { missingProperty?: string; additionalProperty?: string } | undefined;
  if (params?.missingProperty) return { field, problem: 'missing' };
  if (params?.additionalProperty) return { field, problem: 'extra' };
  return { field, problem: 'invalid' };
}
