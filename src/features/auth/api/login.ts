import { login as loginOp, type AuthResponse, type LoginBody } from '@common/api/auth';
import { call } from '@/lib/api-client';

/** `POST /api/auth/login` (the remember flag stays on the client). */
export function login(body: LoginBody): Promise<AuthResponse> {
  return call(loginOp, { body });
}
