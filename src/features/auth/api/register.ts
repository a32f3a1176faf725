import { register as registerOp, type AuthResponse, type RegisterBody } from '@common/api/auth';
import { call } from '@/lib/api-client';

/** `POST /api/auth/register`: only for a verified e-mail; the new member has `isNewUser: true`. */
export function register(body: RegisterBody): Promise<AuthResponse> {
  return call(registerOp, { body });
}
