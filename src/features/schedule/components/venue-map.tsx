import { useEffect, useRef } from 'react';
import type { Venue } from '@common/api/venues';
import { ko } from '@/i18n/ko';
import type { LatLng } from '@/lib/maps';
import { useMap } from '@/lib/maps/use-map';

interface VenueMapProps {
  center: LatLng;
  /** Kakao level (SPEC §9). */
  level: number;
  venues: readonly Venue[];
  selectedId: string | null;
  onSelect: (venue: Venue) => void;
}

/**
 * The map region. The adapter is loaded lazily; while it loads, or when it cannot load, the
 * page keeps working through the venue list (the markers are not the only way to choose).
 */
export function VenueMap({ center, level, venues, selectedId, onSelect }: VenueMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  });
  const { map, failed } = useMap(element, { center, level });

  useEffect(() => {
    map?.setCenter(center, level);
  }, [map, center, level]);

  useEffect(() => {
    if (!map) return;
    map.clearMarkers();
    for (const v of venues) {
      const lat = Number(v.y);
      const lng = Number(v.x);
      if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
      map.addMarker({ id: v.id, position: { lat, lng }, label: v.place_name, onClick: () => onSelectRef.current(v) });
    }
  }, [map, venues]);

  useEffect(() => {
    map?.raiseMarker(selectedId);
  }, [map, selectedId, venues]);

  return (
    <div className="venue-map" role="region" aria-label={ko.schedule.map}>
      <div ref={element} className="venue-map__canvas" />
      {!map && !failed && <p className="venue-map__note">{ko.schedule.mapLoading}</p>}
      {failed && (
        <p className="venue-map__note" role="status">
          {ko.schedule.mapUnavailable}
        </p>
      )}
    </div>
  );
}
