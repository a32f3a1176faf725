import type { User } from '@common/api/users';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** `GET /api/user/me`: the signed-in member as the server has it. */
export function getMe(signal?: AbortSignal): Promise<User> {
  return api.get<User>('/api/user/me', { signal });
}

/** The signed-in member as a query (issue #14): the profile page reads it; a profile save invalidates it. */
export const meQuery = () => queryOptions({ queryKey: queryRoots.me, queryFn: ({ signal }) => getMe(signal) });
