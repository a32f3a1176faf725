/** The matching page's filter (SPEC §5 "Matching filter"), pure so it can be tested alone. */
import type { Schedule } from '@common/api/schedules';
import { type FoodCategory } from '@common/domain/vocabulary';
import { distanceMetres } from '@common/domain/geo';

/** SPEC §9: matching distance choices (m) and the default. */
export const MATCHING_DISTANCES = [500, 1000, 2000, 5000] as const;
export const DEFAULT_MATCHING_DISTANCE = 5000;

export interface MatchingFilter {
  /** No food type selected = the list is not narrowed by food type. */
  categories: FoodCategory[];
  /** Metres from the member's position. */
  distance: number;
}

export const DEFAULT_MATCHING_FILTER: MatchingFilter = { categories: [], distance: DEFAULT_MATCHING_DISTANCE };

/**
 * Keeps schedules of the chosen food types (all when none is chosen) within `distance` metres
 * of `origin`; schedules without coordinates are kept (their distance is unknown).
 */
export function applyMatchingFilter<T extends Pick<Schedule, 'placeCategory' | 'latitude' | 'longitude'>>(
  schedules: readonly T[],
  filter: MatchingFilter,
  origin: { lat: number; lng: number },
): T[] {
  return schedules.filter((s) => {
    if (filter.categories.length > 0 && !filter.categories.includes(s.placeCategory as FoodCategory)) return false;
    if (s.latitude == null || s.longitude == null) return true;
    return distanceMetres(origin, { lat: s.latitude, lng: s.longitude }) <= filter.distance;
  });
}

/** True when the filter differs from the default (shown as a hint beside "필터"). */
export function isFilterActive(filter: MatchingFilter): boolean {
  return filter.categories.length > 0 || filter.distance !== DEFAULT_MATCHING_DISTANCE;
}
