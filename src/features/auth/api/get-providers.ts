import { SOCIAL_PROVIDERS, type AuthProvidersResponse, type SocialProvider } from '@common/api/auth-providers';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

export type { SocialProvider };

/** `GET /api/auth/providers`: the social providers the server has credentials for. */
export async function getProviders(): Promise<SocialProvider[]> {
  const answer = await api.get<Partial<AuthProvidersResponse> | undefined>('/api/auth/providers', { auth: false });
  const list: unknown[] = Array.isArray(answer?.providers) ? answer.providers : [];
  return list.filter((p): p is SocialProvider => (SOCIAL_PROVIDERS as readonly unknown[]).includes(p));
}

/** The providers as a query (issue #14): fetched once per session of the page, a failure shows no buttons. */
export const providersQuery = () =>
  queryOptions({ queryKey: queryRoots.authProviders, queryFn: getProviders, staleTime: Infinity, retry: false });
