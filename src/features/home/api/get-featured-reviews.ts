import { queryOptions } from '@tanstack/react-query';
// The operation from its own area, not the record of every operation (issue #33 item 1: the home page
// does not load every area's schemas).
import { listFeaturedReviews, type FeaturedReview } from '@common/api/featured';
import { call } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** `GET /api/ai/featured-reviews` (no auth). */
export function getFeaturedReviews(signal?: AbortSignal): Promise<FeaturedReview[]> {
  return call(listFeaturedReviews, { signal });
}

/** The home carousel's reviews as a query (issue #14); a route loader may `ensureQueryData` it. */
export const featuredReviewsQuery = () =>
  queryOptions({ queryKey: queryRoots.featuredReviews, queryFn: ({ signal }) => getFeaturedReviews(signal), staleTime: 5 * 60_000 });
