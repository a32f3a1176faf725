import type { MatchRequest } from '@common/api/matches';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiPage, type Page } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';
import { pagePath } from './get-received-requests';

/** One page of `GET /api/matches/sent` (issue #19 item 1): requests I sent, newest first. */
export function getSentRequests(cursor: string | null, signal?: AbortSignal): Promise<Page<MatchRequest>> {
  return apiPage<MatchRequest>(pagePath('/api/matches/sent', cursor), { signal });
}

/** The sent requests page by page, under the `matchesSent` root (its invalidation reaches them). */
export const sentRequestsQuery = () =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.matchesSent, 'pages'],
    queryFn: ({ pageParam, signal }) => getSentRequests(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
