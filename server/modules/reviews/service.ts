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
import { appError, fail } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/user-view.ts';
import { MEAL_MINUTES_DEFAULT } from '../../../common/domain/match-status.ts';
import { koreanTimeFrom } from '../../../common/domain/korean-time.ts';

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
    if (!r) fail('REVIEW_NOT_FOUND');
    return toReview(r);
  }

  return {
    /**
     * `POST /api/reviews`. Checked in this order: 404 unknown match; 403 the caller is not its
     * host or requester; 409 REVIEW_NOT_CONFIRMED unless CONFIRMED; 409 REVIEW_TOO_EARLY naming the time
     * before the meal's end (the start + MEAL_MINUTES; issue #28 item 6); 400 WRONG_REVIEWEE unless
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
      if (!m) fail('MATCH_NOT_FOUND');
      const isHost = m.hostId === userId;
      if (!isHost && m.requesterId !== userId) fail('NOT_PARTICIPANT');
      if (m.status !== 'CONFIRMED') fail('REVIEW_NOT_CONFIRMED');
      // Issue #28 item 6: reviews open at the meal's end (MEAL_MINUTES after the start).
      const opens = new Date(m.startsAt.getTime() + mealMinutes * 60_000);
      if (now() < opens) fail('REVIEW_TOO_EARLY', { params: { when: koreanTimeFrom(opens, now()) } });
      const other = isHost ? m.requesterId : m.hostId;
      if (input.revieweeId !== other) fail('WRONG_REVIEWEE', { field: 'revieweeId' });
      const already = () => appError('ALREADY_REVIEWED');
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
            if (!still) fail('MATCH_NOT_FOUND');
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
      if (!r || r.deletedAt) fail('REVIEW_NOT_FOUND');
      if (r.revieweeId !== userId) fail('NOT_REVIEWEE');
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
