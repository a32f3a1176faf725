/** Uploads (issue #2): at most 5 MB, images only. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Image types accepted by `POST /api/images/upload`, checked by magic bytes on the server. */
export const UPLOAD_IMAGE_MIME = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
/** Public path prefix under which uploaded files are served. */
export const UPLOADS_PREFIX = '/uploads/';
/**
 * Names of stored uploads (the storage key, `/uploads/<name>`): a flat name without path separators
 * or dots other than the extension (server/plugins/storage.ts `STORAGE_KEY`, common/rich-text.ts).
 */
export const UPLOAD_NAME = /^[a-z0-9]{8,64}\.(webp|png|jpg|gif|avif)$/;
