/**
 * My match lists (issue #19 item 1, #28 item 7), shared because 활동 내역, push and the chat read them:
 * `GET /api/matches` (requests on my schedules, I am the host) and `GET /api/matches/sent` (my
 * requests), page by page, of meals not started (`upcoming`) or started (`past`).
 */
import type { MatchListWhen, MatchRequest } from '@common/api/matches';
import { listReceivedMatches as listReceivedMatchesOp, listSentMatches as listSentMatchesOp } from '@common/api/matches';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { callPage, type Page } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** One page of `GET /api/matches?when=`: requests on my schedules (I am the host), newest first. */
export function getReceivedRequests(cursor: string | null, when: MatchListWhen, signal?: AbortSignal): Promise<Page<MatchRequest>> {
  return callPage(listReceivedMatchesOp, cursor, { query: { when }, signal });
}

/** One page of `GET /api/matches/sent?when=`: requests I sent, newest first. */
export function getSentRequests(cursor: string | null, when: MatchListWhen, signal?: AbortSignal): Promise<Page<MatchRequest>> {
  return callPage(listSentMatchesOp, cursor, { query: { when }, signal });
}

/**
 * The received requests page by page (issue #14, #19), of meals not started (`upcoming`, 받은 매칭 요청)
 * or started (`past`, 지난 약속): invalidated by new_match_request / match_confirmed and by host
 * actions through the `matchesReceived` root (a prefix of this key).
 */
export const receivedRequestsQuery = (when: MatchListWhen = 'upcoming') =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.matchesReceived, 'pages', when],
    queryFn: ({ pageParam, signal }) => getReceivedRequests(pageParam, when, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The sent requests page by page (upcoming or past meals), under the `matchesSent` root (its invalidation reaches them). */
export const sentRequestsQuery = (when: MatchListWhen = 'upcoming') =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.matchesSent, 'pages', when],
    queryFn: ({ pageParam, signal }) => getSentRequests(pageParam, when, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
