/** `GET /api/ai/featured-reviews` (SPEC §7, no auth): the home carousel's reviews. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FeaturedReviewList } from '../../../common/api/featured.ts';
import type { FeaturedService } from './service.ts';
import { maskName } from '../../../common/domain/mask-name.ts';

/** Registers the featured-reviews route; the service (and its cache) is built in app.ts. */
export const featuredRoutes: FastifyPluginAsyncTypebox<{ service: FeaturedService }> = async (app, opts) => {
  app.get(
    '/api/ai/featured-reviews',
    {
      schema: {
        tags: ['reviews'],
        security: [],
        summary: 'AI 추천 회원 후기',
        description:
          'Public (no token). At most 12 `{ reviewerName (masked: 박*연, issue #31 item 4), reviewerProfileImage, rating 1–5, comment }`, best first; `[]` when nothing qualifies ' +
          '(the home page then shows its empty text). The rule (server/modules/featured/rank.ts): rating ≥ 4, trimmed comment ≥ 15 characters, ' +
          'no phone number / e-mail / link, not a repeat of an older comment, one per reviewer, newer first; deleted reviews never. ' +
          'With AI_BASE_URL/AI_API_KEY/AI_MODEL a model chooses and orders among the rule\'s top 24 (3 s limit; the rule on any failure). Cached 5 minutes and refreshed when a review is created or deleted.',
        response: { 200: FeaturedReviewList },
      },
    },
    // Issue #31 item 4: a public surface, so the reviewer's name is masked (박*연).
    async () => (await opts.service.list()).map((r) => ({ ...r, reviewerName: maskName(r.reviewerName) })),
  );
};
