/**
 * Distances on the map (SPEC §3 Venue `distance`, §9 "venue list sorted by distance in metres,
 * rounded"; the matching page's distance filter). WGS84 decimal degrees in, metres out.
 */

/** Mean Earth radius in metres (IUGG), as used by the haversine formula. */
export const EARTH_RADIUS_M = 6_371_008.8;

/** A point in WGS84 decimal degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * Great-circle distance between two points in metres (haversine; error < 0.5 % — plenty for
 * "500 m away").
 *
 * @example Math.round(distanceMetres({ lat: 37.5665, lng: 126.978 }, { lat: 37.5665, lng: 126.978 })) === 0
 */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A latitude/longitude box that contains every point within `radiusMetres` of `centre` (for a
 * cheap indexed pre-filter before the exact distance). Degrees.
 */
export function boundingBox(centre: LatLng, radiusMetres: number): { minLat: number; maxLat: number; minLng: number; maxLng: number } {
  const dLat = (radiusMetres / EARTH_RADIUS_M) * (180 / Math.PI);
  const cos = Math.max(0.01, Math.cos(rad(centre.lat)));
  const dLng = dLat / cos;
  return { minLat: centre.lat - dLat, maxLat: centre.lat + dLat, minLng: centre.lng - dLng, maxLng: centre.lng + dLng };
}
