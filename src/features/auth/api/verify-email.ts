import { verifyEmail as verifyEmailOp, type VerifyEmailBody } from '@common/api/auth';
import { call } from '@/lib/api-client';

/** `POST /api/auth/verify-email`. */
export async function verifyEmail(body: VerifyEmailBody): Promise<void> {
  await call(verifyEmailOp, { body });
}
