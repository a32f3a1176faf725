/**
 * Map zoom rules (SPEC §9). Kakao levels: 5 up to 300 m, 6 up to 500 m, 7 up to 1000 m,
 * otherwise 8 (also the default centre's level is 5). Leaflet zooms run the other way round:
 * Kakao level 3 shows about what Leaflet/OSM zoom 17 shows, so zoom = 20 − level.
 */
export const DEFAULT_LEVEL = 5;
/** SPEC §9: the venue search radius when no distance is chosen. */
export const FALLBACK_RADIUS_M = 2000;

/** The Kakao level that shows a search radius of `radiusM` metres (SPEC §9). */
export function levelForRadius(radiusM: number | null | undefined): number {
  const r = radiusM ?? FALLBACK_RADIUS_M;
  if (r <= 300) return 5;
  if (r <= 500) return 6;
  if (r <= 1000) return 7;
  return 8;
}

/** The Leaflet zoom equivalent to a Kakao level (1–14), clamped to OSM's 1–19. */
export function leafletZoomForLevel(level: number): number {
  return Math.min(19, Math.max(1, 20 - Math.round(level)));
}
