/**
 * The member's position for maps and distance filters (SPEC §8: geolocation denied → the
 * default centre). Never blocks a page: after `waitMs` without an answer (a permission prompt
 * nobody answers) the default centre is used; a later fix still moves the position.
 */
import { useCallback, useEffect, useState } from 'react';
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

/** Where distance is measured from (issue #31 item 2). */
export interface AskedPosition {
  position: LatLng;
  /** 'device': the member allowed it; 'default': the default centre (서울시청). */
  source: 'device' | 'default';
  /** 'prompt': not asked yet (the page offers 내 위치 사용 with its reason); 'denied': refused or failed. */
  permission: 'prompt' | 'granted' | 'denied' | 'asking';
  /** Asks the browser for the position (its permission prompt when needed). */
  ask: () => void;
}

/**
 * The member's position, asked only when they choose (issue #31 item 2: the permission prompt
 * comes with a one-line reason at the moment it is needed). A permission already granted is used
 * at once, without asking; until then, and after a refusal, distance is from the default centre.
 */
export function useAskedPosition(): AskedPosition {
  // Rendered without a browser (the build's prerender of 매칭's frame, src/prerender.tsx), the page
  // reads as a browser's first render does: not asked yet.
  const supported = typeof window === 'undefined' || (typeof navigator !== 'undefined' && 'geolocation' in navigator);
  const [state, setState] = useState<Omit<AskedPosition, 'ask'>>(() => ({ position: DEFAULT_CENTER, source: 'default', permission: supported ? 'prompt' : 'denied' }));

  const locate = useCallback(() => {
    if (!supported) {
      setState((s) => ({ ...s, permission: 'denied' }));
      return;
    }
    setState((s) => ({ ...s, permission: s.permission === 'granted' ? s.permission : 'asking' }));
    navigator.geolocation.getCurrentPosition(
      (p) => setState({ position: { lat: p.coords.latitude, lng: p.coords.longitude }, source: 'device', permission: 'granted' }),
      () => setState({ position: DEFAULT_CENTER, source: 'default', permission: 'denied' }),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  }, [supported]);

  useEffect(() => {
    if (!supported) return;
    let active = true;
    void navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((status) => {
        if (!active) return;
        if (status.state === 'granted') locate();
        else if (status.state === 'denied') setState((s) => ({ ...s, permission: 'denied' }));
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [supported, locate]);

  return { ...state, ask: locate };
}

/**
 * Whether the member already lets the app read their position (the Permissions API answers
 * `granted`); false when it does not, cannot tell, or has no Permissions API. The position itself
 * then comes from `useAskedPosition`, which asks the device.
 */
export async function positionShared(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator) || !navigator.permissions) return false;
  try {
    return (await navigator.permissions.query({ name: 'geolocation' })).state === 'granted';
  } catch {
    return false;
  }
}
