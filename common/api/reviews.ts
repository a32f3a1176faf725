import { Type, type Static } from 'typebox';
import { PageParams } from './paging.ts';

/** SPEC §5/§9: a review's rating is an integer from 1 to 5 (the client's default is 3). */
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/** The longest comment, in characters after trimming (issue #5). */
export const REVIEW_COMMENT_MAX = 500;

/**
 * `POST /api/reviews` (SPEC §7): a participant of a CONFIRMED match reviews the other participant.
 * `comment` is trimmed by the server; it may be empty.
 */
export const ReviewCreateBody = Type.Object(
  {
    matchId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    revieweeId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    rating: Type.Integer({ minimum: REVIEW_RATING_MIN, maximum: REVIEW_RATING_MAX }),
    comment: Type.String({ maxLength: REVIEW_COMMENT_MAX }),
  },
  { additionalProperties: false },
);
export type ReviewCreateBody = Static<typeof ReviewCreateBody>;

/**
 * A review (SPEC §3 Review) as `POST /api/reviews` and `GET /api/reviews/my` answer it.
 * `createdAt` is an ISO 8601 instant; `reviewer` is who wrote it.
 */
export const Review = Type.Object({
  id: Type.Integer(),
  matchId: Type.Integer(),
  revieweeId: Type.Integer(),
  rating: Type.Integer({ minimum: REVIEW_RATING_MIN, maximum: REVIEW_RATING_MAX }),
  comment: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  reviewer: Type.Object({ name: Type.String(), profileImage: Type.Union([Type.String(), Type.Null()]) }),
});
export type Review = Static<typeof Review>;

/** `GET /api/reviews/my`: reviews the caller received, newest first. */
export const ReviewList = Type.Array(Review);
export type ReviewList = Static<typeof ReviewList>;

/** `GET /api/reviews/my` query: `limit` and `cursor` (issue #19 item 1). */
export const ReviewListQuery = Type.Object({ ...PageParams }, { additionalProperties: false });
export type ReviewListQuery = Static<typeof ReviewListQuery>;
