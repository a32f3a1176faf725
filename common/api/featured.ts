import { Type, type Static } from 'typebox';

/** `GET /api/ai/featured-reviews` item (SPEC §3 Featured review). `rating` is 0–5. */
export const FeaturedReview = Type.Object({
  reviewerName: Type.String(),
  reviewerProfileImage: Type.Union([Type.String(), Type.Null()]),
  rating: Type.Number({ minimum: 0, maximum: 5 }),
  comment: Type.String(),
});
export type FeaturedReview = Static<typeof FeaturedReview>;
export const FeaturedReviewList = Type.Array(FeaturedReview);
