import type { EmailBody, MessageBody } from '@common/api/auth';
import { api } from '@/lib/api-client';

/** `POST /api/auth/password-reset/request`: mails a reset code. */
export function requestPasswordReset(body: EmailBody): Promise<MessageBody> {
  return api.post<MessageBody>('/api/auth/password-reset/request', body, { auth: false });
}
