import { Type, type Static } from 'typebox';
import { defineOperation } from './operation.ts';

/** `POST /api/images/upload` answer: the public path of the stored, re-encoded image. */
export const UploadResponse = Type.Object({ url: Type.String({ description: 'e.g. /uploads/3f…a1.webp' }) });
export type UploadResponse = Static<typeof UploadResponse>;

/** Uploads one image (multipart field `image`), stored re-encoded as the caller's upload. */
export const uploadImage = defineOperation({
  method: 'POST',
  path: '/api/images/upload',
  auth: 'member',
  summary: 'Upload an image',
  description:
    'Stores the one file field `image` of a multipart/form-data body (JPEG, PNG, WebP, GIF or AVIF by its magic bytes, at most 5 MB) re-encoded to WebP without metadata as the caller\'s upload and answers 201 with its `/uploads/<name>.webp` path, storing nothing on any error.',
  tags: ['images'],
  consumes: ['multipart/form-data'],
  responses: { 201: UploadResponse },
  errors: ['NOT_MULTIPART', 'BAD_MULTIPART', 'NO_FILE', 'FILE_TOO_LARGE', 'NOT_AN_IMAGE', 'INVALID_IMAGE'],
  rateLimited: true,
});
