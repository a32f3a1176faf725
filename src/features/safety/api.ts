import { queryOptions } from '@tanstack/react-query';
import { readSharedMeal, type SharedMeal } from '@common/api/share';
import { call } from '@/lib/api-client';

/** `GET /api/share/{token}` (no login): the meal behind a 안전 공유 link; 404 once revoked or expired. */
export function getSharedMeal(token: string, signal?: AbortSignal): Promise<SharedMeal> {
  return call(readSharedMeal, { params: { token }, signal });
}

/** The shared meal as a query: never retried on 404, refreshed when the page comes back (a cancellation shows). */
export const sharedMealQuery = (token: string) =>
  queryOptions({ queryKey: ['shared-meal', token], queryFn: ({ signal }) => getSharedMeal(token, signal), retry: false, staleTime: 60_000 });
