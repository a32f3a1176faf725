import { Type, type Static } from 'typebox';
import { ERROR_CODES, type ErrorCode } from '../errors.ts';

/**
 * Every 4xx/5xx JSON answer (DESIGN.md "Contract conventions"): a Korean `message` a person can
 * read, and a stable machine `code` from the error catalogue (common/errors.ts) for clients to
 * branch on. Never a stack trace.
 */
export const ErrorBody = Type.Object(
  {
    message: Type.String({ description: 'The Korean text of the code (common/errors.ts), for a person to read' }),
    code: Type.Unsafe<ErrorCode>({ type: 'string', enum: [...ERROR_CODES], description: 'The machine code (common/errors.ts ERRORS)' }),
    field: Type.Optional(Type.String({ description: 'The request field the error is about (e.g. `latitude`), so a form can mark it' })),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** A `text/plain; charset=utf-8` Korean answer (SPEC §7 "text message"). */
export const TextMessage = Type.String({ description: 'text/plain Korean message' });
