import type { AuthResponse } from '@common/api/auth';
import type { SocialLoginBody } from '@common/api/oauth';
import { api } from '@/lib/api-client';

/** `POST /api/auth/social` with the one-time code of the OAuth callback (single use, 60 s; issue #8). */
export function socialLogin(token: string): Promise<AuthResponse> {
  const body: SocialLoginBody = { token };
  return api.post<AuthResponse>('/api/auth/social', body, { auth: false });
}
