import { queryOptions } from '@tanstack/react-query';
import type { FeaturedReview } from '@common/api/featured';
import { operations } from '@common/api/operations';
import { call } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** `GET /api/ai/featured-reviews` (no auth). */
export function getFeaturedReviews(signal?: AbortSignal): Promise<FeaturedReview[]> {
  return call(operations.listFeaturedReviews, { signal });
}

/** The home carousel's reviews as a query (issue #14); a route loader may `ensureQueryData` it. */
export const featuredReviewsQuery = () =>
  queryOptions({ queryKey: queryRoots.featuredReviews, queryFn: ({ signal }) => getFeaturedReviews(signal), staleTime: 5 * 60_000 });
