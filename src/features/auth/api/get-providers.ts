import { listAuthProviders, type SocialProvider } from '@common/api/auth-providers';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

export type { SocialProvider };

/** `GET /api/auth/providers`: the social providers the server has credentials for. */
export async function getProviders(): Promise<SocialProvider[]> {
  return (await call(listAuthProviders)).providers;
}

/** The providers as a query (issue #14): fetched once per session of the page, a failure shows no buttons. */
export const providersQuery = () =>
  queryOptions({ queryKey: queryRoots.authProviders, queryFn: getProviders, staleTime: Infinity, retry: false });
