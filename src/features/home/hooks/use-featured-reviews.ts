import { useQuery } from '@tanstack/react-query';
import type { FeaturedReview } from '@common/api/featured';
import { featuredReviewsQuery } from '../api/get-featured-reviews';

export type FeaturedState = { status: 'loading' } | { status: 'ready'; reviews: FeaturedReview[] };

const NONE: FeaturedReview[] = [];

/** The featured reviews (TanStack Query, `featuredReviewsQuery`); a failure shows as the empty state. */
export function useFeaturedReviews(): FeaturedState {
  const query = useQuery(featuredReviewsQuery());
  if (query.status === 'pending') return { status: 'loading' };
  return { status: 'ready', reviews: query.data ?? NONE };
}
