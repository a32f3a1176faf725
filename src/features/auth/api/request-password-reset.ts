import { requestPasswordReset as requestPasswordResetOp, type EmailBody, type MessageBody } from '@common/api/auth';
import { call } from '@/lib/api-client';

/** `POST /api/auth/password-reset/request`: mails a reset code. */
export function requestPasswordReset(body: EmailBody): Promise<MessageBody> {
  return call(requestPasswordResetOp, { body });
}
