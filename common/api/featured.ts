import { Type, type Static } from 'typebox';
import { defineOperation } from './operation.ts';

/** `GET /api/ai/featured-reviews` item (SPEC §3 Featured review). `rating` is 0–5. */
export const FeaturedReview = Type.Object({
  reviewerName: Type.String(),
  reviewerProfileImage: Type.Union([Type.String(), Type.Null()]),
  rating: Type.Number({ minimum: 0, maximum: 5 }),
  comment: Type.String(),
});
export type FeaturedReview = Static<typeof FeaturedReview>;
export const FeaturedReviewList = Type.Array(FeaturedReview);

/** The home carousel's reviews (no login). */
export const listFeaturedReviews = defineOperation({
  method: 'GET',
  path: '/api/ai/featured-reviews',
  auth: 'public',
  summary: 'AI 추천 회원 후기',
  description:
    'Lists at most 12 well-rated reviews with a real comment (one per reviewer, no contact details, newer first; optionally ordered by the configured AI model), cached for 5 minutes.',
  tags: ['reviews'],
  responses: { 200: FeaturedReviewList },
  errors: [],
});
