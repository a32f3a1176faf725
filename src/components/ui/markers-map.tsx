/**
 * A map with one marker per item (the schedule page's venues, 매칭's places): the provider loads
 * lazily through `useMap`; the markers are rebuilt when `items` change (`markerOf` answers null for
 * an item without a position), `raisedId` draws one as chosen, and the map re-centres when `center`
 * or `level` change. While the provider loads, or when it cannot, a note says so — each page keeps
 * a list beside its map, so markers are never the only way.
 */
import { useEffect, useRef } from 'react';
import type { LatLng, MarkerOptions } from '@/lib/maps';
import { useMap } from '@/lib/maps/use-map';

interface MarkersMapProps<T> {
  center: LatLng;
  /** Kakao level (SPEC §9). */
  level: number;
  items: readonly T[];
  /** The item's marker (id, position, tooltip), or null when it has no position. */
  markerOf: (item: T) => Omit<MarkerOptions, 'onClick'> | null;
  /** A marker was tapped (the latest callback is called). */
  onSelect: (item: T) => void;
  /** The marker drawn as chosen, by id; null: none. */
  raisedId: string | null;
  /** The region's accessible name, e.g. "식당 지도". */
  label: string;
  loadingText: string;
  unavailableText: string;
  /** The page's own class (size, background), beside `markers-map`. */
  className: string;
}

export function MarkersMap<T>({ center, level, items, markerOf, onSelect, raisedId, label, loadingText, unavailableText, className }: MarkersMapProps<T>) {
  const element = useRef<HTMLDivElement>(null);
  const latest = useRef({ markerOf, onSelect });
  useEffect(() => {
    latest.current = { markerOf, onSelect };
  });
  const { map, failed } = useMap(element, { center, level });

  useEffect(() => {
    map?.setCenter(center, level);
  }, [map, center, level]);

  useEffect(() => {
    if (!map) return;
    map.clearMarkers();
    for (const item of items) {
      const marker = latest.current.markerOf(item);
      if (marker) map.addMarker({ ...marker, onClick: () => latest.current.onSelect(item) });
    }
  }, [map, items]);

  useEffect(() => {
    map?.raiseMarker(raisedId);
  }, [map, raisedId, items]);

  return (
    <div className={`markers-map ${className}`} role="region" aria-label={label}>
      <div ref={element} className="markers-map__canvas" />
      {!map && !failed && <p className="markers-map__note">{loadingText}</p>}
      {failed && (
        <p className="markers-map__note" role="status">
          {unavailableText}
        </p>
      )}
    </div>
  );
}
