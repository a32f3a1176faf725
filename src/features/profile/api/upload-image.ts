import { uploadImage as uploadImageOp, type UploadResponse } from '@common/api/images';
import { call } from '@/lib/api-client';

/** `POST /api/images/upload` (multipart field `image`): answers the stored image's public path. */
export function uploadImage(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append('image', file);
  return call(uploadImageOp, { body: form });
}
