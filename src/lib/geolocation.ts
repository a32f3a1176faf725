/**
 * The member's position for maps and distance filters (SPEC §8: geolocation denied → the
 * default centre). Never blocks a page: after `waitMs` without an answer (a permission prompt
 * nobody answers) the default centre is used; a later fix still moves the position.
 */
import { useEffect, useState } from 'react';
import type { LatLng } from './maps/types';
import { DEFAULT_CENTER } from './maps/types';

export interface PositionState {
  position: LatLng;
  /** false until geolocation answered, failed or timed out. */
  settled: boolean;
  /** true when `position` came from the device rather than the default centre. */
  located: boolean;
}

export function usePosition(waitMs = 3000): PositionState {
  const [state, setState] = useState<PositionState>(() => ({
    position: DEFAULT_CENTER,
    settled: typeof navigator === 'undefined' || !('geolocation' in navigator),
    located: false,
  }));

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return;
    let active = true;
    const timer = setTimeout(() => {
      if (active) setState((s) => (s.settled ? s : { ...s, settled: true }));
    }, waitMs);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        if (!active) return;
        clearTimeout(timer);
        setState({ position: { lat: p.coords.latitude, lng: p.coords.longitude }, settled: true, located: true });
      },
      () => {
        if (!active) return;
        clearTimeout(timer);
        setState((s) => ({ ...s, settled: true }));
      },
      { enableHighAccuracy: false, timeout: 8000, maximumAge: 300_000 },
    );
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [waitMs]);

  return state;
}
