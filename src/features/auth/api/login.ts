import type { AuthResponse, LoginBody } from '@common/api/auth';
import { api } from '@/lib/api-client';

/** `POST /api/auth/login` (the remember flag stays on the client). */
export function login(body: LoginBody): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/auth/login', body, { auth: false });
}
