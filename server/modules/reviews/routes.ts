/**
 * Reviews (common/api/reviews.ts `createReview`, `listMyReviews`, `deleteReview`): members only.
 * A review is stored and answered in one transaction (a 500 never leaves a committed row behind);
 * the featured reviews are refreshed after the commit (`onChange`).
 */
import type { FastifyPluginAsync } from 'fastify';
import { createReview, deleteReview, listMyReviews } from '../../../common/api/reviews.ts';
import { assertAppropriate } from '../../lib/content-filter.ts';
import { sendInTransaction } from '../../lib/http.ts';
import { route } from '../../plugins/operations.ts';
import { pagedList, TimeIdCursor } from '../../lib/paging.ts';
import type { Clock } from '../../lib/clock.ts';
import { createReviewsService, type MarkReviewed } from './service.ts';

/** Registers the review routes. `onChange` runs after a review is created or deleted. */
export const reviewsRoutes: FastifyPluginAsync<{ now: Clock; onChange?: () => void; mealMinutes?: number; markReviewed?: MarkReviewed }> = async (app, opts) => {
  const service = createReviewsService({ db: app.db, now: opts.now, onChange: opts.onChange });

  route(app, createReview, async (request, reply) => {
    assertAppropriate({ comment: request.body.comment });
    const sent = await sendInTransaction(app.db, reply, 201, (tx) =>
      createReviewsService({ db: tx, now: opts.now, mealMinutes: opts.mealMinutes, markReviewed: opts.markReviewed }).create(request.member.id, request.body),
    );
    opts.onChange?.();
    return sent;
  });

  route(app, listMyReviews, async (request, reply) =>
    pagedList(request, reply, {
      cursor: TimeIdCursor,
      load: ({ limit, after }) => service.received(request.member.id, { limit, after }),
      key: (r) => [r.createdAt, r.id],
    }),
  );

  route(app, deleteReview, async (request, reply) => {
    await service.remove(request.member.id, request.params.id);
    return reply.code(204).send(null);
  });
};
