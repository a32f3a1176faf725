import { useEffect, useRef } from 'react';
import { format, ko } from '@/i18n/ko';
import type { LatLng } from '@/lib/maps';
import { useMap } from '@/lib/maps/use-map';
import type { MealPlace } from '../venues';

interface MealsMapProps {
  /** Where distance is measured from (the member's position, else 서울시청). */
  center: LatLng;
  /** Kakao level (SPEC §9). */
  level: number;
  places: readonly MealPlace[];
  /** The place of the selected meal: its marker is drawn as chosen. */
  raisedKey: string | null;
  onOpen: (place: MealPlace) => void;
}

/**
 * 매칭's map (issue #31 item 2): one marker per place of the loaded meals; a tap opens that place's
 * meals. The adapter loads lazily; while it loads, or when it cannot load, the place buttons below
 * and the list view keep working (the markers are not the only way).
 */
export function MealsMap({ center, level, places, raisedKey, onOpen }: MealsMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const onOpenRef = useRef(onOpen);
  useEffect(() => {
    onOpenRef.current = onOpen;
  });
  const { map, failed } = useMap(element, { center, level });

  useEffect(() => {
    map?.setCenter(center, level);
  }, [map, center, level]);

  useEffect(() => {
    if (!map) return;
    map.clearMarkers();
    for (const place of places) {
      map.addMarker({
        id: place.key,
        position: place.position,
        label: format(ko.upcoming.placeMeals, { place: place.placeName, n: place.schedules.length }),
        onClick: () => onOpenRef.current(place),
      });
    }
  }, [map, places]);

  useEffect(() => {
    map?.raiseMarker(raisedKey);
  }, [map, raisedKey, places]);

  return (
    <div className="meals-map" role="region" aria-label={ko.upcoming.map}>
      <div ref={element} className="meals-map__canvas" />
      {!map && !failed && <p className="meals-map__note">{ko.upcoming.mapLoading}</p>}
      {failed && (
        <p className="meals-map__note" role="status">
          {ko.upcoming.mapUnavailable}
        </p>
      )}
    </div>
  );
}
