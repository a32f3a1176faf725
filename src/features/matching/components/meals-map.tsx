import { format, ko } from '@/i18n/ko';
import type { LatLng } from '@/lib/maps';
import { MarkersMap } from '@/components/ui/markers-map';
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
  return (
    <MarkersMap
      className="meals-map"
      center={center}
      level={level}
      items={places}
      markerOf={placeMarker}
      onSelect={onOpen}
      raisedId={raisedKey}
      label={ko.upcoming.map}
      loadingText={ko.upcoming.mapLoading}
      unavailableText={ko.upcoming.mapUnavailable}
    />
  );
}

/** A place's marker: "을지로 국수집 · 약속 2개" at the place. */
function placeMarker(place: MealPlace) {
  return { id: place.key, position: place.position, label: format(ko.upcoming.placeMeals, { place: place.placeName, n: place.schedules.length }) };
}
