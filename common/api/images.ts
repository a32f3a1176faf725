import { Type, type Static } from 'typebox';

/** `POST /api/images/upload` answer: the public path of the stored, re-encoded image. */
export const UploadResponse = Type.Object({ url: Type.String({ description: 'e.g. /uploads/3f…a1.webp' }) });
export type UploadResponse = Static<typeof UploadResponse>;
