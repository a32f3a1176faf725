/** The review calls (SPEC §7): write one, list the ones I received, delete one of those. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { MatchRequest } from '@common/api/matches';
import { MEAL_MINUTES_DEFAULT, type MatchSide } from '@common/domain/match-status';
import { createReview as createReviewOp, deleteReview as deleteReviewOp, listMyReviews as listMyReviewsOp } from '@common/api/reviews';
import type { Review, ReviewCreateBody } from '@common/api/reviews';
import { call, callPage, type Page } from '@/lib/api-client';
import { outboxLabel, sendOrQueueCall, type SendResult } from '@/lib/outbox';
import { queryRoots } from '@/lib/query/keys';
import type { Invalidates } from '@/lib/query/writes';

/**
 * `POST /api/reviews` → the stored review. Errors carry the server's Korean message. Offline (or
 * no answer) the review waits in the outbox (scope = match id; issue #7) and `{ queued: true }`
 * comes back; it is posted on reconnect, once. `label` names it in pending lists and failures.
 */
export function createReview(body: ReviewCreateBody, label: string): Promise<SendResult<Review>> {
  return sendOrQueueCall(createReviewOp, { body }, { kind: 'review', label: outboxLabel('review', label), scope: String(body.matchId), invalidates: createReviewInvalidates });
}

/** A review: the match shows as reviewed on both lists and the one match; my received reviews. */
export const createReviewInvalidates = ['matchesReceived', 'matchesSent', 'match', 'myReviews'] as const satisfies Invalidates;

/** A deleted review leaves my received reviews. */
export const deleteReviewInvalidates = ['myReviews'] as const satisfies Invalidates;

/**
 * One page of `GET /api/reviews/my` (issue #19 item 1): reviews I received, newest first; the next
 * page's cursor from the `Link` header.
 */
export function getMyReviews(cursor: string | null, signal?: AbortSignal): Promise<Page<Review>> {
  return callPage(listMyReviewsOp, cursor, { signal });
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
  await call(deleteReviewOp, { params: { id } });
}

/** Who the review is about, and for which match (SPEC §3 Opponent). */
export interface ReviewTarget {
  matchId: number;
  opponent: { opponentId: number; opponentName: string; opponentProfileImage: string | null };
}

export { matchQueryOptions } from '@/shared/api/match';

/**
 * The match being reviewed, from `GET /api/matches/{id}` (issue #19: found however old it is) seen
 * from my `side`: the CONFIRMED match and its other participant — for a reload or deep link of
 * /write-review?matchId=… without navigation state. `null` when there is no match (404), my side is
 * unknown, it is not confirmed, or my side already reviewed it.
 */
export function reviewTargetOf(m: MatchRequest | null | undefined, side: MatchSide | null): ReviewTarget | null {
  if (!m || !side || m.status.toUpperCase() !== 'CONFIRMED') return null;
  if (side === 'host' ? m.hostReviewed : m.requesterReviewed) return null;
  const other = side === 'host' ? m.requester : m.schedule.member;
  return { matchId: m.id, opponent: { opponentId: other.id, opponentName: other.name, opponentProfileImage: other.profileImage } };
}

/** What the review page needs of the meal (issue #15): its start and my answer on whether the partner came. */
export interface ReviewMeal {
  startsAt: string;
  /** Issue #28 item 6: reviews open at the meal's end (the start + MEAL_MINUTES). */
  reviewOpensAt: string;
  /** Issue #28 item 1: the partner checked in, so "안 나왔어요" is not offered. */
  partnerArrived: boolean;
  /** My side's attendance answer; null when not given yet. */
  attendance: boolean | null;
}

/** The meal of the match as `GET /api/matches/{id}` answers it, seen from my `side`; null when there is no match or side. */
export function reviewMealOf(m: MatchRequest | null | undefined, side: MatchSide | null): ReviewMeal | null {
  if (!m || !side || !m.schedule.startsAt) return null;
  const answer = side === 'host' ? m.attendance?.byHost : m.attendance?.byRequester;
  const opens = m.reviewOpensAt ?? new Date(Date.parse(m.schedule.startsAt) + MEAL_MINUTES_DEFAULT * 60_000).toISOString();
  const partnerArrived = !!m.arrivedAt?.[side === 'host' ? 'requester' : 'host'];
  return { startsAt: m.schedule.startsAt, reviewOpensAt: opens, partnerArrived, attendance: answer ?? null };
}

