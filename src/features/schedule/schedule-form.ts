/** Pure rules of the schedule page's forms (SPEC §5), kept apart from the components. */
import type { Schedule, ScheduleCreateBody } from '@common/api/schedules';
import type { Venue } from '@common/api/venues';
import { toFoodCategory, venueCategoryLabel } from '@common/domain/categories';
import { CAPACITY_DEFAULT, SCHEDULE_TEXT_MAX, clampCapacity, currentHourKst, type IsoDate } from '@common/domain/schedule';
import type { FoodCategory } from '@common/domain/vocabulary';
import { format, ko } from '@/i18n/ko';

/** SPEC §9: schedule-page distance choices (m) and the default. */
export const VENUE_DISTANCES = [300, 500, 1000, 2000] as const;
export const DEFAULT_VENUE_DISTANCE = 500;

/** SPEC §5: "{venue} 에서 {category} 약속" when a venue was chosen, else empty. */
export function defaultScheduleText(venue: Pick<Venue, 'place_name' | 'category_name'> | null): string {
  if (!venue) return '';
  return format(ko.schedule.defaultText, { venue: venue.place_name, category: venueCategoryLabel(venue.category_name) }).slice(0, SCHEDULE_TEXT_MAX);
}

export interface AddFormDefaults {
  hour: number;
  capacity: number;
  text: string;
}

/** The add dialog's starting values: the current KST hour, capacity 2, the venue's text. */
export function addFormDefaults(venue: Pick<Venue, 'place_name' | 'category_name'> | null, now: Date = new Date()): AddFormDefaults {
  return { hour: currentHourKst(now), capacity: CAPACITY_DEFAULT, text: defaultScheduleText(venue) };
}

export interface AddFormInput {
  date: IsoDate;
  hour: number;
  capacity: number;
  text: string;
  venue: Venue | null;
  /** Typed place when no venue was chosen. */
  place: string;
  /** Chosen food type when no venue was chosen. */
  category: FoodCategory;
}

/**
 * The `POST /api/schedules` body, or the message to show. With a venue its name, category
 * (mapped to one of the 7 — `toFoodCategory`), id and coordinates are sent; without one the
 * typed place and the chosen food type, no coordinates.
 */
export function buildCreateBody(input: AddFormInput): { body: ScheduleCreateBody } | { error: string } {
  const text = input.text.trim();
  if (!text) return { error: ko.schedule.enterText };
  const participants = clampCapacity(input.capacity);
  if (input.venue) {
    const lat = Number(input.venue.y);
    const lng = Number(input.venue.x);
    const hasCoords = Number.isFinite(lat) && Number.isFinite(lng) && input.venue.y !== '' && input.venue.x !== '';
    return {
      body: {
        date: input.date,
        time: input.hour,
        text,
        placeName: input.venue.place_name.slice(0, 100),
        placeCategory: toFoodCategory(input.venue.category_name),
        participants,
        venueId: input.venue.id.slice(0, 64),
        ...(hasCoords ? { latitude: lat, longitude: lng } : {}),
      },
    };
  }
  const place = input.place.trim();
  if (!place) return { error: ko.schedule.enterPlace };
  return { body: { date: input.date, time: input.hour, text, placeName: place.slice(0, 100), placeCategory: input.category, participants } };
}

/** My schedules by date, each day sorted by hour. */
export function groupByDate(schedules: readonly Schedule[]): Map<IsoDate, Schedule[]> {
  const map = new Map<IsoDate, Schedule[]>();
  for (const s of schedules) {
    const list = map.get(s.date) ?? [];
    list.push(s);
    map.set(s.date, list);
  }
  for (const list of map.values()) list.sort((a, b) => a.time - b.time || a.id - b.id);
  return map;
}

/** SPEC §4: the lowest capacity an edit may set. */
export function minCapacity(schedule: Pick<Schedule, 'currentParticipants'>): number {
  return clampCapacity(0, schedule.currentParticipants ?? 1);
}
