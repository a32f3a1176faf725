import { describe, expect, it } from 'vitest';
import { applyMatchingFilter, DEFAULT_MATCHING_FILTER, isFilterActive } from './filter';

const origin = { lat: 37.5665, lng: 126.978 };
// ~1.1 km and ~4.4 km north of the origin.
const near = { id: 1, placeCategory: '한식', latitude: 37.5765, longitude: 126.978 };
const far = { id: 2, placeCategory: '중식', latitude: 37.6065, longitude: 126.978 };
const noCoords = { id: 3, placeCategory: '카페', latitude: null, longitude: null };
const all = [near, far, noCoords];

describe('matching filter (SPEC §5)', () => {
  it('defaults to every food type within 5 km', () => {
    expect(DEFAULT_MATCHING_FILTER).toEqual({ categories: [], distance: 5000 });
    expect(isFilterActive(DEFAULT_MATCHING_FILTER)).toBe(false);
  });

  it('does not narrow by food type when none is selected', () => {
    expect(applyMatchingFilter(all, { categories: [], distance: 5000 }, origin).map((s) => s.id)).toEqual([1, 2, 3]);
  });

  it('keeps only the selected food types', () => {
    expect(applyMatchingFilter(all, { categories: ['한식', '카페'], distance: 5000 }, origin).map((s) => s.id)).toEqual([1, 3]);
  });

  it('cuts off schedules farther than the distance and keeps those without coordinates', () => {
    expect(applyMatchingFilter(all, { categories: [], distance: 2000 }, origin).map((s) => s.id)).toEqual([1, 3]);
    expect(applyMatchingFilter(all, { categories: [], distance: 1000 }, origin).map((s) => s.id)).toEqual([3]);
    expect(isFilterActive({ categories: [], distance: 1000 })).toBe(true);
  });
});
