import { describe, expect, it } from 'vitest';
import { boundingBox, distanceMetres } from './geo.ts';

const CITY_HALL = { lat: 37.5665, lng: 126.978 };

describe('distanceMetres', () => {
  it('is 0 for the same point and symmetric', () => {
    expect(distanceMetres(CITY_HALL, CITY_HALL)).toBe(0);
    const b = { lat: 37.5704, lng: 126.992 };
    expect(distanceMetres(CITY_HALL, b)).toBeCloseTo(distanceMetres(b, CITY_HALL), 6);
  });

  it('one thousandth of a degree of latitude is about 111 m', () => {
    expect(Math.round(distanceMetres(CITY_HALL, { lat: 37.5675, lng: 126.978 }))).toBe(111);
  });

  it('Seoul City Hall to Gwanghwamun is roughly 600 m; to Busan roughly 325 km', () => {
    const d = distanceMetres(CITY_HALL, { lat: 37.5712, lng: 126.9768 });
    expect(d).toBeGreaterThan(500);
    expect(d).toBeLessThan(600);
    const busan = distanceMetres(CITY_HALL, { lat: 35.1796, lng: 129.0756 });
    expect(busan / 1000).toBeGreaterThan(320);
    expect(busan / 1000).toBeLessThan(330);
  });
});

describe('boundingBox', () => {
  it('contains every point at the radius in the four directions', () => {
    const box = boundingBox(CITY_HALL, 2000);
    expect(distanceMetres(CITY_HALL, { lat: box.maxLat, lng: CITY_HALL.lng })).toBeGreaterThanOrEqual(1999);
    expect(distanceMetres(CITY_HALL, { lat: CITY_HALL.lat, lng: box.maxLng })).toBeGreaterThanOrEqual(1999);
    expect(box.minLat).toBeLessThan(CITY_HALL.lat);
    expect(box.minLng).toBeLessThan(CITY_HALL.lng);
  });
});
