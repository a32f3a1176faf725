import type { UploadResponse } from '@common/api/images';
import { api } from '@/lib/api-client';

/** `POST /api/images/upload` (multipart field `image`): answers the stored image's public path. */
export function uploadImage(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append('image', file);
  return api.post<UploadResponse>('/api/images/upload', form);
}
