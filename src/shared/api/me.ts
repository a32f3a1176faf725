/** The signed-in member (issue #14), shared by 활동 내역's "내 평점" tile and 내 정보. */
import { getMe as getMeOp, type User } from '@common/api/users';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** `GET /api/user/me`: the signed-in member as the server has it. */
export function getMe(signal?: AbortSignal): Promise<User> {
  return call(getMeOp, { signal });
}

/** The signed-in member as a query; writes that change my profile or figures name the `me` root. */
export const meQuery = () => queryOptions({ queryKey: queryRoots.me, queryFn: ({ signal }) => getMe(signal) });
