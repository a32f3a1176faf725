import { SOCIAL_PROVIDERS, type AuthProvidersResponse, type SocialProvider } from '@common/api/auth-providers';
import { api } from '@/lib/api-client';

export type { SocialProvider };

/** `GET /api/auth/providers`: the social providers the server has credentials for. */
export async function getProviders(): Promise<SocialProvider[]> {
  const answer = await api.get<Partial<AuthProvidersResponse> | undefined>('/api/auth/providers', { auth: false });
  const list: unknown[] = Array.isArray(answer?.providers) ? answer.providers : [];
  return list.filter((p): p is SocialProvider => (SOCIAL_PROVIDERS as readonly unknown[]).includes(p));
}
