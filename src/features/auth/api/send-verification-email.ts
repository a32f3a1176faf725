import type { EmailBody, MessageBody } from '@common/api/auth';
import { api } from '@/lib/api-client';

/** `POST /api/auth/send-verification-email`: mails a 6-digit code. */
export function sendVerificationEmail(body: EmailBody): Promise<MessageBody> {
  return api.post<MessageBody>('/api/auth/send-verification-email', body, { auth: false });
}
