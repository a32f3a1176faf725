import type { AuthResponse, RegisterBody } from '@common/api/auth';
import { api } from '@/lib/api-client';

/** `POST /api/auth/register`: only for a verified e-mail; the new member has `isNewUser: true`. */
export function register(body: RegisterBody): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/auth/register', body, { auth: false });
}
