/** `GET /api/ai/featured-reviews` (SPEC §7, no auth): the home carousel's reviews. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FeaturedReviewList } from '../../../common/api/featured.ts';
import { createFeaturedService } from './service.ts';

/** Registers the featured-reviews route. */
export const featuredRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createFeaturedService();
  app.get(
    '/api/ai/featured-reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'AI 추천 회원 후기',
        description: 'Public. Array of { reviewerName, reviewerProfileImage, rating 0–5, comment }; `[]` until reviews exist (the home page then shows its empty text).',
        response: { 200: FeaturedReviewList },
      },
    },
    async () => service.list(),
  );
};
