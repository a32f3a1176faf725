import { useEffect, useRef, useState, type RefObject } from 'react';
import { loadMapProvider } from './index';
import type { LatLng, MapHandle } from './types';

/**
 * Mounts a map in `element` once (the lifecycle the board's location picker and the schedule
 * page's venue map shared): loads the provider lazily, creates the map with `options` as they were
 * on the first render, calls `onCreated` with it, and destroys it on unmount — also when unmounted
 * while still loading. `failed`: the provider or the map could not load (logged); the page then
 * works without the map.
 */
export function useMap(
  element: RefObject<HTMLDivElement | null>,
  options: { center: LatLng; level: number },
  onCreated?: (map: MapHandle) => void,
): { map: MapHandle | null; failed: boolean } {
  const [map, setMap] = useState<MapHandle | null>(null);
  const [failed, setFailed] = useState(false);
  const initial = useRef({ options, onCreated });

  useEffect(() => {
    let active = true;
    let handle: MapHandle | null = null;
    const el = element.current;
    if (!el) return;
    loadMapProvider()
      .then((provider) => provider.createMap(el, initial.current.options))
      .then((created) => {
        if (!active) return created.destroy();
        handle = created;
        initial.current.onCreated?.(created);
        setMap(created);
      })
      .catch((error: unknown) => {
        console.error('map failed to initialise', error);
        if (active) setFailed(true);
      });
    return () => {
      active = false;
      handle?.destroy();
    };
  }, [element]);

  return { map, failed };
}
