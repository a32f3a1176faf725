/**
 * Where 매칭 measures distance from (issue #31 item 2): the member's position when they shared
 * it, else the centre of the 동네 kept in their profile (common/domain/neighbourhoods.ts), else the
 * default centre (서울시청, SPEC §8). The 5 km filter and the server's nearest-first order use
 * `position`; the distance chip names `place`.
 */
import { useMemo } from 'react';
import { neighbourhoodOf } from '@common/domain/neighbourhoods';
import type { AskedPosition } from '@/lib/geolocation';
import type { LatLng } from '@/lib/maps/types';
import { ko } from '@/i18n/ko';

export interface DistanceOrigin {
  /** The point distance is measured from (degrees). */
  position: LatLng;
  /** 'device': the member's position; 'neighbourhood': their 동네's centre; 'default': 서울시청. */
  kind: 'device' | 'neighbourhood' | 'default';
  /** The place the chip names ("역삼동", "서울시청"); null for the member's own position (내 위치). */
  place: string | null;
}

/**
 * The origin from the asked position and the member's 동네 (`User.neighbourhood`; a name no longer
 * on the list counts as none).
 */
export function distanceOrigin(asked: Pick<AskedPosition, 'position' | 'source'>, neighbourhood: string | null | undefined): DistanceOrigin {
  if (asked.source === 'device') return { position: asked.position, kind: 'device', place: null };
  const home = neighbourhoodOf(neighbourhood);
  if (home) return { position: { lat: home.lat, lng: home.lng }, kind: 'neighbourhood', place: home.name };
  return { position: asked.position, kind: 'default', place: ko.upcoming.defaultPlace };
}

/** `distanceOrigin` as a hook: the same origin object while its inputs stay the same. */
export function useDistanceOrigin(asked: Pick<AskedPosition, 'position' | 'source'>, neighbourhood: string | null | undefined): DistanceOrigin {
  const { position, source } = asked;
  return useMemo(() => distanceOrigin({ position, source }, neighbourhood), [position, source, neighbourhood]);
}
