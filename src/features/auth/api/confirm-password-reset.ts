import { confirmPasswordReset as confirmPasswordResetOp, type MessageBody, type PasswordResetBody } from '@common/api/auth';
import { call } from '@/lib/api-client';

/** `POST /api/auth/password-reset/confirm`: sets the new password with the mailed code. */
export function confirmPasswordReset(body: PasswordResetBody): Promise<MessageBody> {
  return call(confirmPasswordResetOp, { body });
}
