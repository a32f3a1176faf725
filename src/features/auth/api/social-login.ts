import type { AuthResponse } from '@common/api/auth';
import { api } from '@/lib/api-client';

/** `POST /api/auth/social` with the token of the OAuth callback (server side: a later issue). */
export function socialLogin(token: string): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/auth/social', { token }, { auth: false });
}
