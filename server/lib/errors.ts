/**
 * The server's one error policy (STYLE.md habit 7, DESIGN.md "Contract conventions"): code throws
 * `fail(code, …)` with a code of the error catalogue (common/errors.ts), which gives the status and
 * the Korean text; the central error handler (server/plugins/errors.ts) answers
 * `{ message, code, field? }` (common/api/errors.ts ErrorBody). No error text is written here.
 */
import { errorStatus, errorText, type ErrorCode, type ErrorParams, type ParamCode } from '../../common/errors.ts';

/** A client-visible failure. `statusCode` is 4xx (or 502/503 for an unavailable dependency). */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Extra response headers, e.g. `Retry-After` on 429. */
    readonly headers: Record<string, string> = {},
    /** The request field the error is about (answered as `field`, so forms show it under that field). */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** What `fail` may add to a code: the field it is about, the text's parameters, response headers. */
export type FailOptions<C extends ErrorCode> = { field?: string; headers?: Record<string, string> } & (C extends ParamCode ? { params: ErrorParams<C> } : { params?: ErrorParams<C> });

/** The error `fail` throws (for code that hands it on, e.g. a STOMP refusal). */
export function appError<C extends ErrorCode>(code: C, ...[opts]: C extends ParamCode ? [FailOptions<C>] : [FailOptions<C>?]): AppError {
  const o = (opts ?? {}) as { field?: string; headers?: Record<string, string>; params?: ErrorParams<C> };
  return new AppError(errorStatus(code), code, errorText(code, o.params), o.headers ?? {}, o.field);
}

/**
 * Throws the catalogue's error `code`: its status and Korean text (with `params` when the text
 * names something), `field` and extra `headers`. E.g. `fail('PAST_HOUR', { field: 'time' })`.
 */
export function fail<C extends ErrorCode>(code: C, ...opts: C extends ParamCode ? [FailOptions<C>] : [FailOptions<C>?]): never {
  throw appError(code, ...opts);
}

/** The catalogue code for a bare HTTP status from Fastify or a plugin, when nothing more specific is known. */
export function codeForStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: 'BAD_REQUEST',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    405: 'METHOD_NOT_ALLOWED',
    408: 'REQUEST_TIMEOUT',
    413: 'BODY_TOO_LARGE',
    414: 'URI_TOO_LONG',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'RATE_LIMITED',
    431: 'HEADERS_TOO_LARGE',
    503: 'UNAVAILABLE',
  };
  return byStatus[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

/** The JSON error body of a code (for answers sent outside the error handler). */
export function errorBody<C extends ErrorCode>(code: C, ...[params]: C extends ParamCode ? [ErrorParams<C>] : [ErrorParams<C>?]): { message: string; code: C } {
  return { message: errorText(code, params as ErrorParams<C>), code };
}

/**
 * The raw HTTP answer to a request Node's parser refuses before Fastify routes it: 431 when the
 * headers are too large, 408 on a request time-out, otherwise 400 — each with the JSON error body
 * `{ message, code }`. Used as Fastify's `clientErrorHandler`.
 */
export function clientErrorResponse(code: string | undefined): string {
  const [reason, errorCode] =
    code === 'HPE_HEADER_OVERFLOW'
      ? (['Request Header Fields Too Large', 'HEADERS_TOO_LARGE'] as const)
      : code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? (['Request Timeout', 'REQUEST_TIMEOUT'] as const)
        : (['Bad Request', 'BAD_REQUEST'] as const);
  const body = JSON.stringify(errorBody(errorCode));
  return `HTTP/1.1 ${errorStatus(errorCode)} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}
