/**
 * Image uploads (issue #2, SPEC §5 "image upload accepts image files only", §6 members upload).
 * A file is accepted only when its magic bytes say JPEG, PNG, WebP, GIF or AVIF; it is then fully
 * decoded and re-encoded with sharp (rotated per EXIF, metadata stripped, anything appended after
 * the image dropped, at most 2048 px per side) and stored as WebP under a random name.
 * SVG, HTML, text with an image extension and other polyglots are refused; nothing is stored.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_IMAGE_MIME, UPLOADS_PREFIX } from '../../../common/domain/uploads.ts';
import type { Storage } from '../../plugins/storage.ts';
import { AppError } from '../../lib/errors.ts';

/** Korean answers of this module (UI-TEXT.md: '이미지 파일만 업로드할 수 있습니다.'). */
export const IMAGE_MSG = {
  notImage: '이미지 파일만 업로드할 수 있습니다.',
  tooLarge: '이미지는 5MB 이하만 업로드할 수 있습니다.',
  broken: '이미지를 읽을 수 없습니다. 손상되지 않은 이미지 파일을 올려주세요.',
  noFile: '업로드할 이미지 파일(image)을 보내주세요.',
} as const;

/** Longest side of a stored image, in pixels. */
export const MAX_SIDE = 2048;
/** Decoding refuses images with more pixels than this (decompression bombs). */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Builds the images service over a storage. */
export function createImagesService(deps: { storage: Storage }) {
  return {
    /**
     * Checks, re-encodes and stores one uploaded image; answers its public URL (`/uploads/<name>.webp`).
     * @throws 400 NOT_AN_IMAGE when the bytes are not an allowed image type; 400 INVALID_IMAGE when
     *         the image cannot be decoded (truncated, corrupt).
     */
    async store(input: Buffer): Promise<{ url: string }> {
      const type = await fileTypeFromBuffer(input);
      if (!type || !(UPLOAD_IMAGE_MIME as readonly string[]).includes(type.mime)) {
        throw new AppError(400, 'NOT_AN_IMAGE', IMAGE_MSG.notImage);
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
        throw new AppError(400, 'INVALID_IMAGE', IMAGE_MSG.broken);
      }
      const name = `${randomBytes(16).toString('hex')}.webp`;
      await deps.storage.put(name, output, 'image/webp');
      return { url: `${UPLOADS_PREFIX}${name}` };
    },
  };
}
