/** `GET /api/ai/featured-reviews` (common/api/featured.ts; no login): the home carousel's reviews. */
import type { FastifyPluginAsync } from 'fastify';
import { listFeaturedReviews } from '../../../common/api/featured.ts';
import { route } from '../../plugins/operations.ts';
import type { FeaturedService } from './service.ts';

/** Registers the featured-reviews route; the service (and its cache) is built in app.ts. */
export const featuredRoutes: FastifyPluginAsync<{ service: FeaturedService }> = async (app, opts) => {
  route(app, listFeaturedReviews, async () => opts.service.list());
};
