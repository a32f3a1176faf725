/**
 * `POST /api/images/upload` (members, multipart field `image`, ≤ 5 MB) and `GET /uploads/{name}`
 * (public, the stored re-encoded images).
 */
import { Type } from 'typebox';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { uploadImage } from '../../../common/api/images.ts';
import { UPLOAD_MAX_BYTES } from '../../../common/domain/uploads.ts';
import { errorResponses } from '../../lib/http.ts';
import { AppError, appError, fail } from '../../lib/errors.ts';
import { route } from '../../plugins/operations.ts';
import { STORAGE_KEY } from '../../plugins/storage.ts';
import { createImagesService } from './service.ts';

/**
 * The answer for a failure while reading the multipart body: an over-size file → 413
 * FILE_TOO_LARGE; our own AppErrors and Fastify's errors with a status (part/field limits) as they
 * are; anything else is busboy refusing the body ("Multipart: Boundary not found", "Unexpected end
 * of form", a premature close) → 400 BAD_MULTIPART, never a 500 (issue #13).
 */
function multipartFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return appError('FILE_TOO_LARGE');
  if (typeof statusCode === 'number') return error;
  return appError('BAD_MULTIPART');
}

/** Registers the upload route and the `/uploads` file route. */
export const imagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createImagesService({ storage: app.storage, db: app.db });
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 } });

  route(
    app,
    uploadImage,
    async (request, reply) => {
      if (!request.isMultipart()) fail('NOT_MULTIPART');
      let buffer: Buffer;
      try {
        const file = await request.file();
        // No part at all: the boundary is empty or does not match the body (issue #13).
        if (!file) fail('BAD_MULTIPART');
        if (file.fieldname !== 'image') {
          file.file.resume();
          fail('NO_FILE');
        }
        buffer = await file.toBuffer();
      } catch (error) {
        throw multipartFailure(error);
      }
      return reply.code(201).send(await service.store(buffer, request.member.id));
    },
    { limiters: [app.limiter('upload-user', app.rateLimits.uploadPerUser, (request) => String(request.user?.id))] },
  );

  app.get(
    '/uploads/:name',
    {
      schema: {
        tags: ['images'],
        security: [],
        summary: 'An uploaded image',
        description: 'Public. The stored image bytes with its content type, `X-Content-Type-Options: nosniff` and a one-year immutable cache. 404 JSON otherwise.',
        params: Type.Object({ name: Type.String({ maxLength: 80 }) }),
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'image bytes (image/webp, …)' }), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const object = STORAGE_KEY.test(request.params.name) ? await app.storage.get(request.params.name) : null;
      if (!object) fail('NOT_FOUND');
      return reply
        .header('content-type', object.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(object.body);
    },
  );
};
