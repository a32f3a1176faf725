/** Uploads (issue #2): at most 5 MB, images only. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Image types accepted by `POST /api/images/upload`, checked by magic bytes on the server. */
export const UPLOAD_IMAGE_MIME = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
/** Public path prefix under which uploaded files are served. */
export const UPLOADS_PREFIX = '/uploads/';
