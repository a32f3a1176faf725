import { Type, type Static } from 'typebox';
import { FOOD_CATEGORIES } from '../domain/vocabulary.ts';
import { literalUnion } from './literals.ts';
import { MATCH_STATUSES } from '../domain/match-status.ts';
import { MEMBER_STATS_PROPERTIES } from './users.ts';
import { PageParams } from './paging.ts';
import { CAPACITY_MAX, CAPACITY_MIN, HOUR_MAX, HOUR_MIN, SCHEDULE_TEXT_MAX } from '../domain/schedule.ts';

const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'KST calendar date YYYY-MM-DD' });
const Hour = Type.Integer({ minimum: HOUR_MIN, maximum: HOUR_MAX, description: 'hour of day in KST, 0–23' });
const Capacity = Type.Integer({ minimum: CAPACITY_MIN, maximum: CAPACITY_MAX, description: 'SPEC §5: 2–8 people' });
const Category = literalUnion(FOOD_CATEGORIES, { description: 'SPEC §3 food category' });

/** A schedule's author as listed on the matching page (SPEC §3). */
export const ScheduleAuthor = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  profileImage: Type.Union([Type.String(), Type.Null()]),
  preferences: Type.Record(Type.String(), Type.Boolean()),
  reviewCount: Type.Integer({ minimum: 0 }),
  averageRating: Type.Number({ minimum: 0, maximum: 5 }),
  ...MEMBER_STATS_PROPERTIES,
});
export type ScheduleAuthor = Static<typeof ScheduleAuthor>;

/**
 * A meal appointment (SPEC §3 Schedule). `currentParticipants` includes the host. Issue #15:
 * `startsAt` is the start instant (date + hour in KST), `isFull` when every seat is taken (cards
 * show 마감), `myRequestStatus` the caller's own request on it (null when none or anonymous; cards
 * show 신청함).
 */
export const Schedule = Type.Object({
  id: Type.Integer(),
  date: IsoDate,
  time: Hour,
  text: Type.String(),
  placeName: Type.String(),
  placeCategory: Type.String(),
  participants: Capacity,
  currentParticipants: Type.Integer({ minimum: 1 }),
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  venueId: Type.Union([Type.String(), Type.Null()]),
  startsAt: Type.String({ format: 'date-time' }),
  isFull: Type.Boolean(),
  myRequestStatus: Type.Union([literalUnion(MATCH_STATUSES), Type.Null()]),
  user: ScheduleAuthor,
});
export type Schedule = Static<typeof Schedule>;

/**
 * `GET /api/schedules/preview` (issue #31 item 2): what a visitor sees of an upcoming meal on the
 * home page — place, time, seats and the host as a masked name (박*연) with their picture; no text,
 * no coordinates, no member id.
 */
export const SchedulePreview = Type.Object({
  id: Type.Integer(),
  date: IsoDate,
  time: Hour,
  placeName: Type.String(),
  placeCategory: Type.String(),
  participants: Capacity,
  currentParticipants: Type.Integer({ minimum: 1 }),
  isFull: Type.Boolean(),
  host: Type.Object({ name: Type.String({ description: 'masked: 박*연 (common/domain/mask-name.ts)' }), profileImage: Type.Union([Type.String(), Type.Null()]) }),
});
export type SchedulePreview = Static<typeof SchedulePreview>;
export const SchedulePreviewList = Type.Array(SchedulePreview);
export type SchedulePreviewList = Static<typeof SchedulePreviewList>;
/** At most this many meals in the preview. */
export const SCHEDULE_PREVIEW_MAX = 12;
export const SchedulePreviewQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SCHEDULE_PREVIEW_MAX, default: 6 })) },
  { additionalProperties: false },
);
export type SchedulePreviewQuery = Static<typeof SchedulePreviewQuery>;

/** `POST /api/schedules` (issue #3): date today … +21 (KST), hour 0–23, capacity 2–8, text 1–200. */
export const ScheduleCreateBody = Type.Object(
  {
    date: IsoDate,
    time: Hour,
    text: Type.String({ minLength: 1, maxLength: SCHEDULE_TEXT_MAX }),
    placeName: Type.String({ minLength: 1, maxLength: 100 }),
    placeCategory: Category,
    participants: Capacity,
    venueId: Type.Optional(Type.String({ maxLength: 64 })),
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  },
  { additionalProperties: false },
);
export type ScheduleCreateBody = Static<typeof ScheduleCreateBody>;

/**
 * `PUT /api/schedules/{id}`: text and capacity (never below the current participants); issue #28
 * item 4 (moving a meal): optionally a new `date` + `time` (both, same rules as create) and/or a
 * new place (`placeName`, `placeCategory`, `venueId`, `latitude` + `longitude`).
 */
export const ScheduleUpdateBody = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: SCHEDULE_TEXT_MAX }),
    participants: Capacity,
    date: Type.Optional(IsoDate),
    time: Type.Optional(Hour),
    placeName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    placeCategory: Type.Optional(Category),
    venueId: Type.Optional(Type.String({ maxLength: 64 })),
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  },
  { additionalProperties: false },
);
export type ScheduleUpdateBody = Static<typeof ScheduleUpdateBody>;

/** A numeric id in a path (`/api/schedules/abc` → 400, never 500; bounded to PostgreSQL `integer`). */
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export type IdParams = Static<typeof IdParams>;

/** `GET /api/schedules` and `GET /api/schedules/my`: schedules ordered by date, then hour. */
export const ScheduleList = Type.Array(Schedule);
export type ScheduleList = Static<typeof ScheduleList>;

/** SPEC §9 matching distances are 500–5000 m; the API accepts up to this many metres. */
export const SCHEDULE_RADIUS_MAX = 20_000;
/** `GET /api/schedules/calendar`: at most this many days from `from` to `to`. */
export const CALENDAR_SPAN_MAX_DAYS = 42;

/** Filters shared by the day list and the calendar (issue #19 item 3). */
const ScheduleFilterParams = {
  category: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'Comma-separated SPEC §3 food categories (한식,중식,…); only schedules of those categories. Absent = all. An unknown one → 400.',
    }),
  ),
  lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: 'Latitude (WGS84 degrees) of the distance filter; with `lng`.' })),
  lng: Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: 'Longitude (WGS84 degrees) of the distance filter; with `lat`.' })),
  radius: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: SCHEDULE_RADIUS_MAX,
      description: `Metres around lat/lng (SPEC §9: 500, 1000, 2000, 5000; default 5000 when lat/lng are given; at most ${SCHEDULE_RADIUS_MAX}). Schedules without coordinates are kept (their distance is unknown).`,
    }),
  ),
};

/** `GET /api/schedules`: one KST day (or the whole window) of schedules, paged. */
export const ScheduleListQuery = Type.Object(
  {
    ...PageParams,
    date: Type.Optional(IsoDate),
    ...ScheduleFilterParams,
  },
  { additionalProperties: false },
);
export type ScheduleListQuery = Static<typeof ScheduleListQuery>;

/** `GET /api/schedules/my`: paged. */
export const MyScheduleQuery = Type.Object({ ...PageParams }, { additionalProperties: false });
export type MyScheduleQuery = Static<typeof MyScheduleQuery>;

/** `GET /api/schedules/calendar?from=&to=`: KST dates inside the window, at most 42 days apart. */
export const ScheduleCalendarQuery = Type.Object(
  { from: IsoDate, to: IsoDate, ...ScheduleFilterParams },
  { additionalProperties: false },
);
export type ScheduleCalendarQuery = Static<typeof ScheduleCalendarQuery>;

/** One day of the calendar: how many schedules the list of that day holds, and their categories. */
export const CalendarDay = Type.Object({
  date: IsoDate,
  count: Type.Integer({ minimum: 1 }),
  categories: Type.Array(Type.String(), { description: 'distinct categories of that day, sorted' }),
});
export type CalendarDay = Static<typeof CalendarDay>;
export const ScheduleCalendar = Type.Array(CalendarDay);
export type ScheduleCalendar = Static<typeof ScheduleCalendar>;
