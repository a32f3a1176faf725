import { Type, type Static } from 'typebox';
import { defineOperation } from './operation.ts';
import { PageParams } from './paging.ts';
import { IdParams } from './schedules.ts';

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

const tags = ['reviews'] as const;

/** Reviews the partner of a confirmed match once its meal has ended. */
export const createReview = defineOperation({
  method: 'POST',
  path: '/api/reviews',
  auth: 'member',
  summary: '리뷰 작성',
  description:
    "Stores the caller's review of the other participant of a confirmed match once the meal has ended (`reviewOpensAt`), once per match, and recounts the reviewee's `reviewCount` and rating over distinct reviewers in the same transaction.",
  tags,
  body: ReviewCreateBody,
  responses: { 201: Review },
  errors: ['INAPPROPRIATE_TEXT', 'WRONG_REVIEWEE', 'NOT_PARTICIPANT', 'MATCH_NOT_FOUND', 'REVIEW_NOT_CONFIRMED', 'REVIEW_TOO_EARLY', 'ALREADY_REVIEWED'],
});

/** The reviews the caller received, newest first (paged). */
export const listMyReviews = defineOperation({
  method: 'GET',
  path: '/api/reviews/my',
  auth: 'member',
  summary: '내가 받은 리뷰',
  description: 'Lists the reviews the caller received (deleted ones left out) newest first, each with its reviewer, paged by `limit` and `cursor`.',
  tags,
  querystring: ReviewListQuery,
  responses: { 200: ReviewList },
  errors: [],
  paged: true,
});

/** Deletes a review the caller received; the reviewee's figures stay as they are. */
export const deleteReview = defineOperation({
  method: 'DELETE',
  path: '/api/reviews/{id}',
  auth: 'member',
  summary: '받은 리뷰 삭제',
  description: "Removes a review the caller received from every list without changing the caller's `reviewCount` or average rating.",
  tags,
  params: IdParams,
  responses: { 204: Type.Null({ description: 'deleted' }) },
  errors: ['REVIEW_NOT_FOUND', 'NOT_REVIEWEE'],
});
