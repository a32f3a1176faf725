/**
 * Image uploads (issue #2, SPEC §5 "image upload accepts image files only", §6 members upload).
 * A file is accepted only when its magic bytes say JPEG, PNG, WebP, GIF or AVIF; it is then fully
 * decoded and re-encoded with sharp (rotated per EXIF, metadata stripped, anything appended after
 * the image dropped, at most 2048 px per side) and stored as WebP under a random name.
 * SVG, HTML, text with an image extension and other polyglots are refused; nothing is stored.
 * Every stored upload is recorded in `uploads` with its owner (issue #13): a member's
 * `profileImage` may only name their own uploads, post HTML keeps only recorded uploads.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_IMAGE_MIME, UPLOADS_PREFIX } from '../../../common/domain/uploads.ts';
import { uploads } from '../../db/schema.ts';
import type { Database } from '../../plugins/db.ts';
import type { Storage } from '../../plugins/storage.ts';
import { fail } from '../../lib/errors.ts';

/** Longest side of a stored image, in pixels. */
export const MAX_SIDE = 2048;
/** Decoding refuses images with more pixels than this (decompression bombs). */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Builds the images service over a storage. `db` is needed only to record owners (`store` with an
 * `ownerId`).
 */
export function createImagesService(deps: { storage: Storage; db?: Database }) {
  return {
    /**
     * Checks, re-encodes and stores one uploaded image; answers its public URL (`/uploads/<name>.webp`).
     * With `ownerId` the upload is recorded in `uploads` as that member's (issue #13). Without it the
     * caller records the row itself: the social login stores the picture before the member row
     * exists and inserts the `uploads` row in the member's transaction (server/modules/oauth/service.ts);
     * an image never recorded can be neither a profile picture nor a post image.
     * @throws 400 NOT_AN_IMAGE when the bytes are not an allowed image type; 400 INVALID_IMAGE when
     *         the image cannot be decoded (truncated, corrupt).
     */
    async store(input: Buffer, ownerId?: number): Promise<{ url: string }> {
      if (ownerId !== undefined && !deps.db) throw new Error('createImagesService: recording an owner needs `db`');
      const type = await fileTypeFromBuffer(input);
      if (!type || !(UPLOAD_IMAGE_MIME as readonly string[]).includes(type.mime)) {
        fail('NOT_AN_IMAGE');
      }
      const animated = type.mime === 'image/gif' || type.mime === 'image/webp';
      let output: Buffer;
      try {
        output = await sharp(input, { animated, failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        fail('INVALID_IMAGE');
      }
      const name = `${randomBytes(16).toString('hex')}.webp`;
      await deps.storage.put(name, output, 'image/webp');
      if (ownerId !== undefined) await deps.db!.insert(uploads).values({ name, ownerId });
      return { url: `${UPLOADS_PREFIX}${name}` };
    },
  };
}
