/** Pure rules of the schedule page's forms (SPEC §5), kept apart from the components. */
import { Type, type Static } from 'typebox';
import type { ScheduleUpdateBody} from '@common/api/schedules';
import { ScheduleCreateBody, type Schedule } from '@common/api/schedules';
import type { Venue } from '@common/api/venues';
import { toFoodCategory, venueCategoryLabel } from '@common/domain/categories';
import { CAPACITY_DEFAULT, SCHEDULE_TEXT_MAX, clampCapacity, currentHourKst, type IsoDate } from '@common/domain/schedule';
import { FOOD_CATEGORIES, OTHER_FOOD_CATEGORY, type FoodCategory } from '@common/domain/vocabulary';
import { format, ko } from '@/i18n/ko';

/** SPEC §9: schedule-page distance choices (m) and the default. */
export const VENUE_DISTANCES = [300, 500, 1000, 2000] as const;
export const DEFAULT_VENUE_DISTANCE = 500;

/** SPEC §5: "{venue} 에서 {category} 약속" when a venue was chosen, else empty. */
export function defaultScheduleText(venue: Pick<Venue, 'place_name' | 'category_name'> | null): string {
  if (!venue) return '';
  return format(ko.schedule.defaultText, { venue: venue.place_name, category: venueCategoryLabel(venue.category_name) }).slice(0, SCHEDULE_TEXT_MAX);
}

/**
 * The add form's values (issue #14): the fields of `ScheduleCreateBody` a member fills in. With a
 * venue, its name and food type are set for them (not shown as fields); the date comes from the URL.
 */
export const AddScheduleForm = Type.Pick(ScheduleCreateBody, ['time', 'participants', 'text', 'placeName', 'placeCategory']);
export type AddScheduleValues = Static<typeof AddScheduleForm>;
/**
 * The edit form (issue #28 item 4, moving a meal): text and capacity, and the date, hour, place and
 * food type with the create form's rules (`ScheduleCreateBody`). `toUpdateBody` sends only what moved.
 */
export const EditScheduleForm = Type.Pick(ScheduleCreateBody, ['date', 'time', 'text', 'placeName', 'placeCategory', 'participants']);
export type EditScheduleValues = Static<typeof EditScheduleForm>;

/** The edit form's starting values from the schedule (a food type outside the list starts as 기타). */
export function editFormDefaults(schedule: Schedule, min: number): EditScheduleValues {
  const category = (FOOD_CATEGORIES as readonly string[]).includes(schedule.placeCategory) ? (schedule.placeCategory as FoodCategory) : OTHER_FOOD_CATEGORY;
  return {
    date: schedule.date,
    time: schedule.time,
    text: schedule.text,
    placeName: schedule.placeName,
    placeCategory: category,
    participants: Math.max(min, schedule.participants),
  };
}

/**
 * The `PUT /api/schedules/{id}` body (issue #28 item 4): text and capacity always; the date and hour
 * (both) when either changed; the place when it changed — with the chosen venue's id and coordinates
 * when a venue was picked.
 */
export function toUpdateBody(schedule: Schedule, values: EditScheduleValues, min: number, venue: Venue | null): ScheduleUpdateBody {
  const body: ScheduleUpdateBody = { text: values.text.trim(), participants: Math.max(min, values.participants) };
  if (values.date !== schedule.date || values.time !== schedule.time) Object.assign(body, { date: values.date, time: values.time });
  const placeName = values.placeName.trim().slice(0, 100);
  if (venue && venue.place_name.slice(0, 100) === placeName) {
    const { venueId, latitude, longitude } = toCreateBody(values.date, values, venue);
    return { ...body, placeName, placeCategory: values.placeCategory, ...(venueId ? { venueId } : {}), ...(latitude !== undefined && longitude !== undefined ? { latitude, longitude } : {}) };
  }
  if (placeName !== schedule.placeName || values.placeCategory !== schedule.placeCategory) Object.assign(body, { placeName, placeCategory: values.placeCategory });
  return body;
}

/** How the schedule forms name their fields in errors (UI-TEXT.md labels). */
export const SCHEDULE_FIELD_LABELS = { date: ko.schedule.date, time: ko.schedule.time, participants: ko.schedule.participants, text: ko.schedule.text, placeName: ko.schedule.place, placeCategory: ko.schedule.category };
/** UI-TEXT.md's own words where it has them. */
export const SCHEDULE_FIELD_MESSAGES = { text: { minLength: ko.schedule.enterText }, placeName: { minLength: ko.schedule.enterPlace } };

/** The add form's starting values: the current KST hour, capacity 2, the venue's text (or the given food type). */
export function addFormDefaults(venue: Pick<Venue, 'place_name' | 'category_name'> | null, category: FoodCategory = OTHER_FOOD_CATEGORY, now: Date = new Date()): AddScheduleValues {
  return {
    time: currentHourKst(now),
    participants: CAPACITY_DEFAULT,
    text: defaultScheduleText(venue),
    placeName: venue ? venue.place_name.slice(0, 100) : '',
    placeCategory: venue ? toFoodCategory(venue.category_name) : category,
  };
}

/**
 * The `POST /api/schedules` body from valid form values. With a venue its id and coordinates are
 * added (SPEC §5); without one only the typed place and food type, no coordinates.
 */
export function toCreateBody(date: IsoDate, values: AddScheduleValues, venue: Venue | null): ScheduleCreateBody {
  const body: ScheduleCreateBody = {
    date,
    time: values.time,
    text: values.text.trim(),
    placeName: values.placeName.trim().slice(0, 100),
    placeCategory: values.placeCategory,
    participants: clampCapacity(values.participants),
  };
  if (!venue) return body;
  const lat = Number(venue.y);
  const lng = Number(venue.x);
  const hasCoords = Number.isFinite(lat) && Number.isFinite(lng) && venue.y !== '' && venue.x !== '';
  return { ...body, venueId: venue.id.slice(0, 64), ...(hasCoords ? { latitude: lat, longitude: lng } : {}) };
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
