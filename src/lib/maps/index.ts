/**
 * Entry of the maps adapter. The implementations (and Leaflet with its CSS) are loaded with a
 * dynamic import, so only pages that show a map pay for them.
 */
import { env } from '@/config/env';
import type { MapProvider } from './types';

export type { LatLng, MapHandle, MapProvider, MarkerOptions } from './types';
export { DEFAULT_CENTER } from './types';
export { FALLBACK_RADIUS_M, levelForRadius } from './zoom';

let provider: Promise<MapProvider> | null = null;

/** Kakao Maps when `VITE_KAKAO_MAP_KEY` is set, otherwise Leaflet + OpenStreetMap. */
export function loadMapProvider(): Promise<MapProvider> {
  provider ??= (
    env.kakaoMapKey
      ? import('./kakao').then((m) => m.createKakaoProvider(env.kakaoMapKey ?? ''))
      : import('./leaflet').then((m) => m.leafletProvider)
  ).catch((error: unknown) => {
    provider = null;
    throw error;
  });
  return provider;
}

/**
 * Geocodes an address with Kakao when `VITE_KAKAO_MAP_KEY` is set. Answers null when there is no
 * geocoder (the embedded default) or the address is not found; rejects when the SDK cannot load.
 */
export async function geocodeAddress(address: string): Promise<{ lat: number; lng: number } | null> {
  if (!env.kakaoMapKey) return null;
  const { kakaoGeocode } = await import('./kakao');
  return kakaoGeocode(env.kakaoMapKey, address);
}
