import { searchVenues, type Venue } from '@common/api/venues';
import type { FoodCategory } from '@common/domain/vocabulary';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

export interface VenueSearch {
  lat: number;
  lng: number;
  /** Metres. */
  radius: number;
  /** Food types; none = every venue. */
  categories: readonly FoodCategory[];
}

/** One `GET /api/venues` search: around the point, one food type or every venue. */
function getOne(search: VenueSearch, category: string | undefined, signal?: AbortSignal): Promise<Venue[]> {
  return call(searchVenues, { query: { lat: search.lat, lng: search.lng, radius: search.radius, ...(category ? { category } : {}) }, signal });
}

/**
 * `GET /api/venues` around a point. With several food types one search per type is made
 * (the API takes one category) and the answers are merged, without duplicates, by distance.
 */
export async function getVenues(search: VenueSearch, signal?: AbortSignal): Promise<Venue[]> {
  if (search.categories.length === 0) return getOne(search, undefined, signal);
  const lists = await Promise.all(search.categories.map((c) => getOne(search, c, signal)));
  const byId = new Map<string, Venue>();
  for (const v of lists.flat()) if (!byId.has(v.id)) byId.set(v.id, v);
  return [...byId.values()].sort((a, b) => a.distance - b.distance);
}

/**
 * Venues around a point as a query (issue #14), keyed by lat / lng / radius / food types. The list
 * keeps showing the previous answer while a new filter loads; venues change rarely (5 minutes fresh).
 */
export const venuesQuery = (search: VenueSearch) =>
  queryOptions({
    queryKey: [...queryRoots.venues, { lat: search.lat, lng: search.lng, radius: search.radius, categories: [...search.categories].sort() }],
    queryFn: ({ signal }) => getVenues(search, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
