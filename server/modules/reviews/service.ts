/**
 * Reviews (SPEC §3 Review, §5 "Review", "Delete review", §6; issue #5). A participant of a
 * CONFIRMED match (the schedule's host or the requester) reviews the other participant once, once
 * the meal has ended (issue #28 item 6: the start + MEAL_MINUTES). The reviewee's `review_count` / `rating_sum` are recomputed in
 * the same transaction so that each reviewer counts once — their latest review of that member
 * (issue #15: five reviews by one member through five matches leave `reviewCount` 1). The
 * reviewee's row is locked first, so concurrent reviews of one member never lose an update.
 * Deleting is a soft delete by the reviewee that leaves the aggregates alone (the average does not
 * change).
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Review } from '../../../common/api/reviews.ts';
import { matchRequests, reviews, schedules, users } from '../../db/schema.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/user-view.ts';
import { MEAL_MINUTES_DEFAULT } from '../../../common/domain/match-status.ts';
import { koreanTimeFrom } from '../../../common/domain/korean-time.ts';

/** Korean messages of the review routes. */
export const REVIEW_MSG = {
  matchNotFound: '매칭을 찾을 수 없습니다.',
  notParticipant: '매칭에 참여한 회원만 리뷰를 작성할 수 있습니다.',
  notConfirmed: '확정된 매칭에만 리뷰를 작성할 수 있습니다.',
  wrongReviewee: '리뷰 대상은 매칭 상대방이어야 합니다.',
  alreadyReviewed: '이미 리뷰를 작성했습니다.',
  /** Issue #28 item 6: `{when}` names the meal's end ("오후 8:30"). */
  tooEarly: (when: string) => `${when}부터 후기를 쓸 수 있어요.`,
  reviewNotFound: '리뷰를 찾을 수 없습니다.',
  notReviewee: '내가 받은 리뷰만 삭제할 수 있습니다.',
} as const;

/** The columns a review is answered with: the review and its reviewer's name and picture. */
const REVIEW_COLUMNS = {
  id: reviews.id,
  matchId: reviews.matchId,
  revieweeId: reviews.revieweeId,
  rating: reviews.rating,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  name: users.name,
  profileImage: users.profileImage,
};

/**
 * Sets a side's reviewed flag of a CONFIRMED match inside the review's transaction; false when it is
 * no longer CONFIRMED or that side already reviewed. The meals service's `markReviewed` (issue #28
 * item 8: the one writer of match requests), passed in by server/app.ts.
 */
export type MarkReviewed = (tx: Database, matchId: number, side: 'host' | 'requester') => Promise<boolean>;

/** Builds the reviews service. `onChange` runs after a review is created or deleted (cache invalidation). */
export function createReviewsService(deps: { db: Database; now: Clock; onChange?: () => void; mealMinutes?: number; markReviewed?: MarkReviewed }) {
  const { db, now } = deps;
  const mealMinutes = deps.mealMinutes ?? MEAL_MINUTES_DEFAULT;
  const changed = () => deps.onChange?.();

  /** One review in the API shape (deleted ones included — callers filter). */
  async function view(id: number): Promise<Review> {
    const [r] = await db
      .select(REVIEW_COLUMNS)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.reviewerId))
      .where(eq(reviews.id, id));
    if (!r) throw new AppError(404, 'NOT_FOUND', REVIEW_MSG.reviewNotFound);
    return toReview(r);
  }

  return {
    /**
     * `POST /api/reviews`. Checked in this order: 404 unknown match; 403 the caller is not its
     * host or requester; 409 NOT_CONFIRMED unless CONFIRMED; 409 REVIEW_TOO_EARLY '{time}부터
     * 후기를 쓸 수 있어요.' before the meal's end (the start + MEAL_MINUTES; issue #28 item 6); 400 WRONG_REVIEWEE unless
     * `revieweeId` is the other participant; 409 ALREADY_REVIEWED when the caller's side already
     * reviewed (also under a race: the unique index on (match_id, reviewer_id)). Then, in ONE
     * transaction: the review row, the side's `hostReviewed`/`requesterReviewed` flag, and the
     * reviewee's `review_count`/`rating_sum` over distinct reviewers. `comment` is trimmed. Answers the review.
     */
    async create(userId: number, input: { matchId: number; revieweeId: number; rating: number; comment: string }): Promise<Review> {
      const [m] = await db
        .select({ id: matchRequests.id, status: matchRequests.status, requesterId: matchRequests.requesterId, hostId: schedules.userId, startsAt: schedules.startsAt })
        .from(matchRequests)
        .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
        .where(eq(matchRequests.id, input.matchId));
      if (!m) throw new AppError(404, 'NOT_FOUND', REVIEW_MSG.matchNotFound);
      const isHost = m.hostId === userId;
      if (!isHost && m.requesterId !== userId) throw new AppError(403, 'NOT_PARTICIPANT', REVIEW_MSG.notParticipant);
      if (m.status !== 'CONFIRMED') throw new AppError(409, 'NOT_CONFIRMED', REVIEW_MSG.notConfirmed);
      // Issue #28 item 6: reviews open at the meal's end (MEAL_MINUTES after the start).
      const opens = new Date(m.startsAt.getTime() + mealMinutes * 60_000);
      if (now() < opens) throw new AppError(409, 'REVIEW_TOO_EARLY', REVIEW_MSG.tooEarly(koreanTimeFrom(opens, now())));
      const other = isHost ? m.requesterId : m.hostId;
      if (input.revieweeId !== other) throw new AppError(400, 'WRONG_REVIEWEE', REVIEW_MSG.wrongReviewee);
      const already = () => new AppError(409, 'ALREADY_REVIEWED', REVIEW_MSG.alreadyReviewed);
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          // Lock the reviewee first: concurrent reviews of one member recompute one after the other.
          await tx.select({ id: users.id }).from(users).where(eq(users.id, other)).for('update');
          const [row] = await tx
            .insert(reviews)
            .values({ matchId: m.id, reviewerId: userId, revieweeId: other, rating: input.rating, comment: input.comment.trim(), createdAt: now() })
            .returning({ id: reviews.id });
          // Conditional: a match deleted (or a flag set) since the checks above rolls everything back.
          // The meals service writes the flag (issue #28 item 8: the one writer of match requests).
          if (!deps.markReviewed || !(await deps.markReviewed(tx, m.id, isHost ? 'host' : 'requester'))) {
            const [still] = await tx.select({ id: matchRequests.id }).from(matchRequests).where(eq(matchRequests.id, m.id));
            if (!still) throw new AppError(404, 'NOT_FOUND', REVIEW_MSG.matchNotFound);
            throw already();
          }
          // Each reviewer once: their latest review of this member (deleted ones still count).
          const latest = sql`(select distinct on (${reviews.reviewerId}) ${reviews.rating} as rating from ${reviews}
            where ${reviews.revieweeId} = ${other} order by ${reviews.reviewerId}, ${reviews.createdAt} desc, ${reviews.id} desc) as latest`;
          await tx
            .update(users)
            .set({
              reviewCount: sql`(select count(*)::int from ${latest})`,
              ratingSum: sql`(select coalesce(sum(latest.rating), 0)::int from ${latest})`,
            })
            .where(eq(users.id, other));
          return row!.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw already();
        throw error;
      }
      changed();
      return view(id);
    },

    /**
     * `GET /api/reviews/my`: the reviews the caller received (not deleted), newest first, at most
     * `page.limit` after the keyset position `page.after` = [createdAt ISO, id] (issue #19 item 1;
     * createdAt is written from the clock, whole milliseconds).
     */
    async received(userId: number, page: { limit: number; after?: readonly [string, number] }): Promise<Review[]> {
      const conds = [eq(reviews.revieweeId, userId), isNull(reviews.deletedAt), isNull(reviews.hiddenAt)];
      if (page.after) conds.push(sql`(${reviews.createdAt}, ${reviews.id}) < (${page.after[0]}::timestamptz, ${page.after[1]})`);
      const rows = await db
        .select(REVIEW_COLUMNS)
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.reviewerId))
        .where(and(...conds))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(page.limit);
      return rows.map(toReview);
    },

    /**
     * `DELETE /api/reviews/{id}` (SPEC §5, §6): only the reviewee; 404 unknown or already deleted;
     * 403 anyone else. Marks the review deleted; `review_count`/`rating_sum` stay as they are.
     */
    async remove(userId: number, id: number): Promise<void> {
      const [r] = await db.select({ revieweeId: reviews.revieweeId, deletedAt: reviews.deletedAt }).from(reviews).where(eq(reviews.id, id));
      if (!r || r.deletedAt) throw new AppError(404, 'NOT_FOUND', REVIEW_MSG.reviewNotFound);
      if (r.revieweeId !== userId) throw new AppError(403, 'NOT_REVIEWEE', REVIEW_MSG.notReviewee);
      await db.update(reviews).set({ deletedAt: now() }).where(and(eq(reviews.id, id), isNull(reviews.deletedAt)));
      changed();
    },
  };
}

function toReview(r: { id: number; matchId: number; revieweeId: number; rating: number; comment: string; createdAt: Date; name: string; profileImage: string | null }): Review {
  return {
    id: r.id,
    matchId: r.matchId,
    revieweeId: r.revieweeId,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
    reviewer: { name: r.name, profileImage: r.profileImage },
  };
}
