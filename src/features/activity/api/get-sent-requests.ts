import type { MatchListWhen, MatchRequest } from '@common/api/matches';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiPage, type Page } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';
import { pagePath } from './get-received-requests';

/** One page of `GET /api/matches/sent?when=` (issue #19 item 1, #28 item 7): requests I sent, newest first. */
export function getSentRequests(cursor: string | null, when: MatchListWhen, signal?: AbortSignal): Promise<Page<MatchRequest>> {
  return apiPage<MatchRequest>(pagePath('/api/matches/sent', cursor, when), { signal });
}

/** The sent requests page by page (upcoming or past meals), under the `matchesSent` root (its invalidation reaches them). */
export const sentRequestsQuery = (when: MatchListWhen = 'upcoming') =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.matchesSent, 'pages', when],
    queryFn: ({ pageParam, signal }) => getSentRequests(pageParam, when, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
