/**
 * The answer check of development and tests (issue #29 item 1): TypeBox `Value.Check` of an API
 * answer against its operation's schema, with the first three problems named. Importing this
 * module installs it into the API client (`installAnswerValidator`).
 *
 * Its own module because `typebox/value` is ≈ 30 kB brotli that a production build never runs
 * (answers are not checked there): src/main.tsx imports it only when `import.meta.env.DEV`, and the
 * client tests' setup (src/test/setup.ts) imports it, so the production entry does not carry it
 * (issue #33 item 1).
 */
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { installAnswerValidator } from './api-client';

/** Null when `value` fits `schema`, else up to three `path message` lines. */
export function answerProblems(schema: TSchema, value: unknown): string[] | null {
  if (Value.Check(schema, value)) return null;
  return [...Value.Errors(schema, value)].slice(0, 3).map((e) => `${e.instancePath || '(body)'} ${e.message}`);
}

installAnswerValidator(answerProblems);
