import { queryOptions } from '@tanstack/react-query';
import type { FeaturedReview } from '@common/api/featured';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** `GET /api/ai/featured-reviews` (no auth). A non-array answer counts as empty. */
export async function getFeaturedReviews(signal?: AbortSignal): Promise<FeaturedReview[]> {
  const answer = await api.get<unknown>('/api/ai/featured-reviews', { auth: false, signal });
  return Array.isArray(answer) ? (answer as FeaturedReview[]) : [];
}

/** The home carousel's reviews as a query (issue #14); a route loader may `ensureQueryData` it. */
export const featuredReviewsQuery = () =>
  queryOptions({ queryKey: queryRoots.featuredReviews, queryFn: ({ signal }) => getFeaturedReviews(signal), staleTime: 5 * 60_000 });
