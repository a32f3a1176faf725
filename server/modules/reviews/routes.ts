/**
 * `/api/reviews*` (SPEC §7; issue #5): members only. Errors are JSON `{ message, code }` with a
 * Korean message; the client shows it (SPEC §8).
 */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Review, ReviewCreateBody, ReviewList, ReviewListQuery } from '../../../common/api/reviews.ts';
import { PAGE_DEFAULT, PAGE_MAX } from '../../../common/paging.ts';
import { decodeCursor, pageLimit, sendPage, TimeIdCursor } from '../../lib/paging.ts';
import { IdParams } from '../../../common/api/schedules.ts';
import { assertAppropriate } from '../../lib/content-filter.ts';
import { errorResponses, sendInTransaction } from '../../lib/http.ts';
import { BEARER } from '../../plugins/docs.ts';
import type { Clock } from '../../lib/clock.ts';
import { createReviewsService, type MarkReviewed } from './service.ts';

const tags = ['reviews'];

/** Registers the review routes. `onChange` runs after a review is created or deleted. */
export const reviewsRoutes: FastifyPluginAsyncTypebox<{ now: Clock; onChange?: () => void; mealMinutes?: number; markReviewed?: MarkReviewed }> = async (app, opts) => {
  const service = createReviewsService({ db: app.db, now: opts.now, onChange: opts.onChange });

  app.post(
    '/api/reviews',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '리뷰 작성',
        description:
          'Body `{ matchId, revieweeId, rating (integer 1–5), comment (≤ 500 characters, trimmed) }` (SPEC §5). ' +
          'The caller must be the host or the requester of a CONFIRMED match and review the other participant, once per match. ' +
          'In one transaction: stores the review, sets `hostReviewed` or `requesterReviewed`, and recomputes the reviewee\'s `reviewCount` and rating sum over distinct reviewers (each reviewer\'s latest review counts once; issue #15). ' +
          "201 with the review. 400 validation or WRONG_REVIEWEE; 400 INAPPROPRIATE_TEXT '부적절한 표현이 포함되어 있어요.' when the comment holds a refused word (issue #17 item 7, server/lib/content-filter.ts; nothing is saved).  403 NOT_PARTICIPANT; 404 unknown match; 409 NOT_CONFIRMED, REVIEW_TOO_EARLY '식사가 끝난 뒤 오후 8:30부터 후기를 남길 수 있어요.' naming the time (before the meal's end = the start + MEAL_MINUTES, default 90, the item's `reviewOpensAt`; issue #28 item 6) or ALREADY_REVIEWED.",
        security: BEARER,
        body: ReviewCreateBody,
        response: { 201: Review, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    // issue #13: stored and answered in one transaction; the featured reviews are refreshed after the commit.
    async (request, reply) => {
      assertAppropriate({ comment: request.body.comment });
      const sent = await sendInTransaction(app.db, reply, 201, (tx) => createReviewsService({ db: tx, now: opts.now, mealMinutes: opts.mealMinutes, markReviewed: opts.markReviewed }).create(request.user!.id, request.body));
      opts.onChange?.();
      return sent;
    },
  );

  app.get(
    '/api/reviews/my',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '내가 받은 리뷰',
        description:
          'Reviews the caller received (deleted ones excluded), newest first, each with `reviewer { name, profileImage }`. ' +
          `Paged (keyset on createdAt + id): \`limit\` per page (default ${PAGE_DEFAULT}; above ${PAGE_MAX} → ${PAGE_MAX}; 0 → 400), ` +
          '`cursor` from the previous answer\'s `Link: </api/reviews/my?cursor=…&limit=…>; rel="next"` (absent on the last page); ' +
          "a cursor the server did not issue → 400 INVALID_CURSOR '목록 위치 정보가 올바르지 않아요. 처음부터 다시 불러와주세요.'. 401 anonymous.",
        security: BEARER,
        querystring: ReviewListQuery,
        response: { 200: ReviewList, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const limit = pageLimit(request.query.limit);
      const rows = await service.received(request.user!.id, { limit: limit + 1, after: decodeCursor(request.query.cursor, TimeIdCursor) });
      return sendPage(request, reply, rows, limit, (r) => [r.createdAt, r.id]);
    },
  );

  app.delete(
    '/api/reviews/:id',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '받은 리뷰 삭제',
        description:
          'Only the reviewee (SPEC §6). The review leaves every list; the reviewee\'s `reviewCount` and average rating do NOT change (SPEC §5). ' +
          '204. 403 NOT_REVIEWEE; 404 unknown or already deleted; 400 non-numeric id.',
        security: BEARER,
        params: IdParams,
        response: { 204: Type.Null({ description: 'deleted' }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(request.user!.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
