/** `GET /api/ai/featured-reviews` (common/api/featured.ts; no login): the home carousel's reviews. */
import type { FastifyPluginAsync } from 'fastify';
import { listFeaturedReviews } from '../../../common/api/featured.ts';
import { route } from '../../plugins/operations.ts';
import type { FeaturedService } from './service.ts';
import { maskName } from '../../../common/domain/mask-name.ts';

/** Registers the featured-reviews route; the service (and its cache) is built in app.ts. */
export const featuredRoutes: FastifyPluginAsync<{ service: FeaturedService }> = async (app, opts) => {
  // A public surface, so the reviewer's name is masked (박*연).
  route(app, listFeaturedReviews, async () => (await opts.service.list()).map((r) => ({ ...r, reviewerName: maskName(r.reviewerName) })));
};
