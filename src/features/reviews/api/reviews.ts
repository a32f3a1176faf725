/** The review calls (SPEC §7): write one, list the ones I received, delete one of those. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AttendanceBody, MatchRequest } from '@common/api/matches';
import type { Review, ReviewCreateBody } from '@common/api/reviews';
import { api, apiPage, type Page } from '@/lib/api-client';
import { outboxLabel, sendOrQueue, type SendResult } from '@/lib/outbox';
import { queryRoots } from '@/lib/query/keys';

/**
 * `POST /api/reviews` → the stored review. Errors carry the server's Korean message. Offline (or
 * no answer) the review waits in the outbox (scope = match id; issue #7) and `{ queued: true }`
 * comes back; it is posted on reconnect, once. `label` names it in pending lists and failures.
 */
export function createReview(body: ReviewCreateBody, label: string): Promise<SendResult<Review>> {
  return sendOrQueue<Review>({ path: '/api/reviews', body, kind: 'review', label: outboxLabel('review', label), scope: String(body.matchId) });
}

/**
 * One page of `GET /api/reviews/my` (issue #19 item 1): reviews I received, newest first; the next
 * page's cursor from the `Link` header. A non-array counts as empty (SPEC §7).
 */
export function getMyReviews(cursor: string | null, signal?: AbortSignal): Promise<Page<Review>> {
  return apiPage<Review>(cursor ? `/api/reviews/my?cursor=${encodeURIComponent(cursor)}` : '/api/reviews/my', { signal });
}

/** My received reviews page by page (issue #14, #19): a delete and a replayed review write invalidate them. */
export const myReviewsQuery = () =>
  infiniteQueryOptions({
    queryKey: queryRoots.myReviews,
    queryFn: ({ pageParam, signal }) => getMyReviews(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** `DELETE /api/reviews/{id}` (only the reviewee; the average rating does not change). */
export async function deleteReview(id: number): Promise<void> {
  await api.delete<unknown>(`/api/reviews/${id}`);
}

/** Who the review is about, and for which match (SPEC §3 Opponent). */
export interface ReviewTarget {
  matchId: number;
  opponent: { opponentId: number; opponentName: string; opponentProfileImage: string | null };
}

const asList = (answer: unknown): MatchRequest[] => (Array.isArray(answer) ? (answer as MatchRequest[]) : []);

/**
 * My received (`GET /api/matches`, I am the host) and sent (`GET /api/matches/sent`, I am the
 * requester) requests, under the same keys and in the same shape as the activity page's queries:
 * the cache is shared, and writing a review (or its replay) invalidates them, so the match shows
 * as reviewed everywhere.
 */
export const receivedMatchesQuery = () =>
  queryOptions({ queryKey: queryRoots.matchesReceived, queryFn: async ({ signal }) => asList(await api.get<unknown>('/api/matches?limit=100', { signal })) });
export const sentMatchesQuery = () =>
  queryOptions({ queryKey: queryRoots.matchesSent, queryFn: async ({ signal }) => asList(await api.get<unknown>('/api/matches/sent?limit=100', { signal })) });

/**
 * The match being reviewed: the CONFIRMED match `matchId` in my received or sent requests and its
 * other participant — for a reload or deep link of /write-review?matchId=… without navigation
 * state. `null` when it is not there, not confirmed, or my side already reviewed it.
 */
export function reviewTargetIn(matchId: number, received: readonly MatchRequest[], sent: readonly MatchRequest[]): ReviewTarget | null {
  const pick = (m: MatchRequest | undefined, side: 'host' | 'requester'): ReviewTarget | null => {
    if (!m || m.status.toUpperCase() !== 'CONFIRMED') return null;
    if (side === 'host' ? m.hostReviewed : m.requesterReviewed) return null;
    const other = side === 'host' ? m.requester : m.schedule.member;
    return { matchId, opponent: { opponentId: other.id, opponentName: other.name, opponentProfileImage: other.profileImage } };
  };
  return pick(received.find((m) => m.id === matchId), 'host') ?? pick(sent.find((m) => m.id === matchId), 'requester');
}

/** What the review page needs of the meal (issue #15): its start and my answer on whether the partner came. */
export interface ReviewMeal {
  startsAt: string;
  /** My side's attendance answer; null when not given yet. */
  attendance: boolean | null;
}

/** The meal of match `matchId` as my received (host) or sent (requester) list shows it; null when not there. */
export function reviewMealIn(matchId: number, received: readonly MatchRequest[], sent: readonly MatchRequest[]): ReviewMeal | null {
  const asHost = received.find((m) => m.id === matchId);
  const asRequester = asHost ? undefined : sent.find((m) => m.id === matchId);
  const m = asHost ?? asRequester;
  if (!m?.schedule.startsAt) return null;
  const answer = asHost ? m.attendance?.byHost : m.attendance?.byRequester;
  return { startsAt: m.schedule.startsAt, attendance: answer ?? null };
}

/** `POST /api/matches/{id}/attendance {partnerAttended}` (issue #15: asked before the review). */
export async function reportAttendance(matchId: number, partnerAttended: boolean): Promise<void> {
  const body: AttendanceBody = { partnerAttended };
  await api.post<unknown>(`/api/matches/${matchId}/attendance`, body);
}
