import type { AuthResponse } from '@common/api/auth';
import { socialLogin as socialLoginOp } from '@common/api/oauth';
import { call } from '@/lib/api-client';

/** `POST /api/auth/social` with the one-time code of the OAuth callback (single use, 60 s; issue #8). */
export function socialLogin(token: string): Promise<AuthResponse> {
  return call(socialLoginOp, { body: { token } });
}
