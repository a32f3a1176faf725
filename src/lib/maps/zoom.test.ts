import { describe, expect, it } from 'vitest';
import { FALLBACK_RADIUS_M, leafletZoomForLevel, levelForRadius } from './zoom';

describe('map zoom (SPEC §9)', () => {
  it('picks Kakao level 5 up to 300 m, 6 up to 500 m, 7 up to 1000 m, otherwise 8', () => {
    expect(levelForRadius(100)).toBe(5);
    expect(levelForRadius(300)).toBe(5);
    expect(levelForRadius(301)).toBe(6);
    expect(levelForRadius(500)).toBe(6);
    expect(levelForRadius(1000)).toBe(7);
    expect(levelForRadius(1001)).toBe(8);
    expect(levelForRadius(2000)).toBe(8);
  });

  it('uses the 2000 m fallback when no distance is chosen', () => {
    expect(FALLBACK_RADIUS_M).toBe(2000);
    expect(levelForRadius(null)).toBe(8);
  });

  it('maps Kakao levels to Leaflet zooms the other way round, within OSM bounds', () => {
    expect(leafletZoomForLevel(5)).toBe(15);
    expect(leafletZoomForLevel(6)).toBe(14);
    expect(leafletZoomForLevel(7)).toBe(13);
    expect(leafletZoomForLevel(8)).toBe(12);
    expect(leafletZoomForLevel(0)).toBe(19);
    expect(leafletZoomForLevel(30)).toBe(1);
  });
});
