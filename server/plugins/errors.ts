/**
 * The central error handler (one error policy, STYLE.md habit 7). Every failure answers
 * `{ message, code }` (common/api/errors.ts ErrorBody), the code and its text from common/errors.ts:
 * - schema validation → 400 `VALIDATION` with `field` and a message naming it (server/lib/validation.ts);
 * - malformed or empty JSON → 400 `BAD_JSON`; unsupported content type → 415; oversize body → 413;
 * - `AppError` from services → its status, code, message and headers;
 * - any other 4xx from Fastify or a plugin → that status with the status's generic code (`codeForStatus`);
 * - everything else → 500 `INTERNAL`; the details are logged with the request context, never sent.
 */
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import type { ErrorCode } from '../../common/errors.ts';
import { AppError, codeForStatus, errorBody } from '../lib/errors.ts';
import { validationFailure } from '../lib/validation.ts';

/** Fastify error codes that are the client's fault, and the catalogue code we answer them with. */
const CLIENT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_JSON',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
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
        const { field, problem } = validationFailure(fe.validation);
        return reply.code(400).send({ ...errorBody('VALIDATION', { field, problem }), ...(field ? { field } : {}) });
      }
      const known = fe.code ? CLIENT_ERRORS[fe.code] : undefined;
      if (known) return reply.code(known === 'BODY_TOO_LARGE' ? 413 : known === 'UNSUPPORTED_MEDIA_TYPE' ? 415 : 400).send(errorBody(known));
      if (fe instanceof SyntaxError && fe.statusCode === 400) return reply.code(400).send(errorBody('BAD_JSON'));
      const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
      if (status >= 400 && status < 500) {
        request.log.info({ err: fe }, 'client error');
        return reply.code(status).send(errorBody(codeForStatus(status)));
      }
      request.log.error({ err: fe, method: request.method, url: request.url, userId: request.user?.id }, 'request failed');
      return reply.code(500).send(errorBody('INTERNAL'));
    });
  },
  { name: 'errors' },
);
