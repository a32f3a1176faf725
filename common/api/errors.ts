import { Type, type Static } from 'typebox';

/**
 * Every 4xx/5xx JSON answer (DESIGN.md "Contract conventions"): a Korean `message` a person can
 * read, and a stable machine `code` for clients that branch on it. Never a stack trace.
 */
export const ErrorBody = Type.Object(
  {
    message: Type.String({ description: '사람이 읽을 수 있는 한국어 오류 메시지' }),
    code: Type.Optional(Type.String({ description: 'machine code, e.g. VALIDATION, UNAUTHORIZED, RATE_LIMITED' })),
    field: Type.Optional(Type.String({ description: 'VALIDATION only: the request field that was refused (e.g. `latitude`), so a form can mark it' })),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** A `text/plain; charset=utf-8` Korean answer (SPEC §7 "text message"). */
export const TextMessage = Type.String({ description: 'text/plain Korean message' });
