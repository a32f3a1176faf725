import type { FeaturedReview } from '@common/api/featured';
import { api } from '@/lib/api-client';

/** `GET /api/ai/featured-reviews` (no auth). A non-array answer counts as empty. */
export async function getFeaturedReviews(signal?: AbortSignal): Promise<FeaturedReview[]> {
  const answer = await api.get<unknown>('/api/ai/featured-reviews', { auth: false, signal });
  return Array.isArray(answer) ? (answer as FeaturedReview[]) : [];
}
