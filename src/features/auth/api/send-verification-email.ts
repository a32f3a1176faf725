import { sendVerificationEmail as sendVerificationEmailOp, type EmailBody, type MessageBody } from '@common/api/auth';
import { call } from '@/lib/api-client';

/** `POST /api/auth/send-verification-email`: mails a 6-digit code. */
export function sendVerificationEmail(body: EmailBody): Promise<MessageBody> {
  return call(sendVerificationEmailOp, { body });
}
