import type { VerifyEmailBody } from '@common/api/auth';
import { api } from '@/lib/api-client';

/** `POST /api/auth/verify-email`. */
export async function verifyEmail(body: VerifyEmailBody): Promise<void> {
  await api.post<unknown>('/api/auth/verify-email', body, { auth: false });
}
