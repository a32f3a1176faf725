import type { MatchRequest } from '@common/api/matches';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiPage, type Page } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** `path` with `cursor` (the next page's position from the `Link` header) when there is one. */
export const pagePath = (path: string, cursor: string | null) => (cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path);

/** One page of `GET /api/matches` (issue #19 item 1): requests on my schedules (I am the host), newest first. */
export function getReceivedRequests(cursor: string | null, signal?: AbortSignal): Promise<Page<MatchRequest>> {
  return apiPage<MatchRequest>(pagePath('/api/matches', cursor), { signal });
}

/**
 * The received requests page by page (issue #14, #19): invalidated by new_match_request /
 * match_confirmed and by host actions through the `matchesReceived` root (a prefix of this key).
 * `pages` keeps it apart from the plain-array lookups under the root itself (chat, reviews).
 */
export const receivedRequestsQuery = () =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.matchesReceived, 'pages'],
    queryFn: ({ pageParam, signal }) => getReceivedRequests(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
