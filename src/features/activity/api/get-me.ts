import type { User } from '@common/api/users';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** `GET /api/user/me`: refreshes my rating for the "내 평점" tile. */
export function getMe(signal?: AbortSignal): Promise<User> {
  return api.get<User>('/api/user/me', { signal });
}

/** The signed-in member as a query (issue #14): the "내 평점" tile; refreshed after reviews and confirmations. */
export const meQuery = () => queryOptions({ queryKey: queryRoots.me, queryFn: ({ signal }) => getMe(signal) });
