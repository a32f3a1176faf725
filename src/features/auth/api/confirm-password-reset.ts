import type { MessageBody, PasswordResetBody } from '@common/api/auth';
import { api } from '@/lib/api-client';

/** `POST /api/auth/password-reset/confirm`: sets the new password with the mailed code. */
export function confirmPasswordReset(body: PasswordResetBody): Promise<MessageBody> {
  return api.post<MessageBody>('/api/auth/password-reset/confirm', body, { auth: false });
}
