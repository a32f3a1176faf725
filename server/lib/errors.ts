/**
 * The server's one error policy (STYLE.md habit 7, DESIGN.md "Contract conventions"): services
 * throw `AppError` with a status, a stable machine `code` and a Korean `message`; the central
 * error handler (server/plugins/errors.ts) turns it into `{ message, code }` (common/api/errors.ts).
 */

/** A client-visible failure. `statusCode` is 4xx (or 502/503 for an unavailable dependency). */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Extra response headers, e.g. `Retry-After` on 429. */
    readonly headers: Record<string, string> = {},
    /** The request field the error is about (answered as `field`, so forms show it under that field). */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Korean messages the server answers (UI-TEXT.md where a string exists there). */
export const MSG = {
  validation: '입력값이 올바르지 않습니다.',
  badJson: '요청 본문을 읽을 수 없습니다. 올바른 JSON을 보내주세요.',
  badUrl: '요청 주소를 읽을 수 없습니다. 주소를 확인해주세요.',
  uriTooLong: '요청 주소가 너무 깁니다.',
  /** Issue #32 item 9: answered by the HTTP parser before any route (431, 408, 400). */
  headersTooLarge: '요청 헤더가 너무 커요. 쿠키를 지우거나 다시 시도해주세요.',
  requestTimeout: '요청을 받는 데 시간이 너무 오래 걸렸어요. 다시 시도해주세요.',
  badRequest: '요청을 읽을 수 없어요. 다시 시도해주세요.',
  unsupportedMedia: '지원하지 않는 요청 형식입니다.',
  bodyTooLarge: '요청 본문이 너무 큽니다.',
  notFound: '요청한 주소를 찾을 수 없습니다.',
  methodNotAllowed: '허용되지 않는 요청입니다.',
  internal: '서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
  unavailable: '서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도해주세요.',
  rateLimited: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
  loginRequired: '로그인이 필요합니다.',
  sessionExpired: '로그인이 만료되었습니다. 다시 로그인해주세요.',
  forbidden: '권한이 없습니다.',
  /** The content filter (server/lib/content-filter.ts) refused a text. */
  inappropriateText: '부적절한 표현이 포함되어 있어요.',
} as const;

/** A generic Korean message for a status code when nothing more specific is known. */
export function messageForStatus(status: number): string {
  if (status === 400) return MSG.validation;
  if (status === 401) return MSG.loginRequired;
  if (status === 403) return MSG.forbidden;
  if (status === 404) return MSG.notFound;
  if (status === 405) return MSG.methodNotAllowed;
  if (status === 413) return MSG.bodyTooLarge;
  if (status === 415) return MSG.unsupportedMedia;
  if (status === 429) return MSG.rateLimited;
  if (status === 503) return MSG.unavailable;
  return status >= 500 ? MSG.internal : MSG.validation;
}

/**
 * The raw HTTP answer to a request Node's parser refuses before Fastify routes it (issue #32 item 9):
 * 431 when the headers are too large, 408 on a request time-out, otherwise 400 — each with our JSON
 * error body `{ message, code }` in Korean. Used as Fastify's `clientErrorHandler`.
 */
export function clientErrorResponse(code: string | undefined): string {
  const [status, reason, message, errorCode] =
    code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', MSG.headersTooLarge, 'HEADERS_TOO_LARGE']
      : code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', MSG.requestTimeout, 'REQUEST_TIMEOUT']
        : [400, 'Bad Request', MSG.badRequest, 'BAD_REQUEST'];
  const body = JSON.stringify({ message, code: errorCode });
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}
