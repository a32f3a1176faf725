/** 매칭's map view (issue #31 item 2): the loaded meals gathered by place, pure so it can be tested alone. */
import type { Schedule } from '@common/api/schedules';
import type { LatLng } from '@/lib/maps';

/** One marker: a place and the meals there, in the order given (the server's: soonest first). */
export interface MealPlace {
  /** The venue id when the meal has one, otherwise its coordinates (`lat,lng`, 5 decimals ≈ 1 m). */
  key: string;
  /** The first meal's place name. */
  placeName: string;
  position: LatLng;
  schedules: Schedule[];
}

/** The key of a meal's place, or null when the meal has no coordinates (it is only in the list). */
export function placeKey(schedule: Pick<Schedule, 'venueId' | 'latitude' | 'longitude'>): string | null {
  const { latitude: lat, longitude: lng } = schedule;
  if (lat == null || lng == null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return schedule.venueId ? `venue:${schedule.venueId}` : `${lat.toFixed(5)},${lng.toFixed(5)}`;
}

/**
 * Gathers `schedules` into one place per venue (meals at one place share a marker), in the order
 * each place first appears. `withoutPlace`: how many meals have no coordinates (not on the map).
 */
export function groupByPlace(schedules: readonly Schedule[]): { places: MealPlace[]; withoutPlace: number } {
  const places = new Map<string, MealPlace>();
  let withoutPlace = 0;
  for (const s of schedules) {
    const key = placeKey(s);
    if (key === null || s.latitude == null || s.longitude == null) {
      withoutPlace += 1;
      continue;
    }
    const place = places.get(key);
    if (place) place.schedules.push(s);
    else places.set(key, { key, placeName: s.placeName, position: { lat: s.latitude, lng: s.longitude }, schedules: [s] });
  }
  return { places: [...places.values()], withoutPlace };
}
