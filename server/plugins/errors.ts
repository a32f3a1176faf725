/**
 * The central error handler (one error policy, STYLE.md habit 7). Every failure answers
 * `{ message, code }` (common/api/errors.ts ErrorBody) with a Korean message:
 * - schema validation → 400 `VALIDATION` with `field` and a message naming it (server/lib/validation.ts);
 * - malformed or empty JSON → 400 `BAD_JSON`; unsupported content type → 415; oversize body → 413;
 * - `AppError` from services → its status, code, message and headers;
 * - any other 4xx from Fastify or a plugin → that status with a generic Korean message;
 * - everything else → 500 `INTERNAL`; the details are logged with the request context, never sent.
 */
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { AppError, MSG, messageForStatus } from '../lib/errors.ts';
import { validationFailure } from '../lib/validation.ts';

/** Fastify error codes that are the client's fault, and how we answer them. */
const CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: MSG.unsupportedMedia },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: MSG.badJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'BODY_TOO_LARGE', message: MSG.bodyTooLarge },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_JSON', message: MSG.badJson },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_JSON', message: MSG.badJson },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: MSG.unsupportedMedia },
};

/** Registers the error handler on the root instance. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        if (error.statusCode >= 500) request.log.error({ err: error, userId: request.user?.id }, 'request failed');
        return reply.code(error.statusCode).headers(error.headers).send({ message: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) });
      }
      const fe = error as FastifyError;
      if (fe.validation) {
        request.log.info({ validation: fe.validation, context: fe.validationContext }, 'validation failed');
        const { field, message } = validationFailure(fe.validation);
        return reply.code(400).send({ message, code: 'VALIDATION', ...(field ? { field } : {}) });
      }
      const known = fe.code ? CLIENT_ERRORS[fe.code] : undefined;
      if (known) return reply.code(known.status).send({ message: known.message, code: known.code });
      if (fe instanceof SyntaxError && fe.statusCode === 400) return reply.code(400).send({ message: MSG.badJson, code: 'BAD_JSON' });
      const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
      if (status >= 400 && status < 500) {
        request.log.info({ err: fe }, 'client error');
        return reply.code(status).send({ message: messageForStatus(status), code: fe.code ?? 'BAD_REQUEST' });
      }
      request.log.error({ err: fe, method: request.method, url: request.url, userId: request.user?.id }, 'request failed');
      return reply.code(500).send({ message: MSG.internal, code: 'INTERNAL' });
    });
  },
  { name: 'errors' },
);
