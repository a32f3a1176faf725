import { Type, type Static } from 'typebox';
import { FOOD_CATEGORIES } from '../domain/vocabulary.ts';
import { literalUnion } from './literals.ts';
import { CANCEL_REASON_MAX, MATCH_STATUSES } from '../domain/match-status.ts';
import { MEMBER_STATS_PROPERTIES } from './users.ts';
import { defineOperation } from './operation.ts';
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
  host: Type.Object({ name: Type.String({ description: 'the host name, masked for the public (common/domain/mask-name.ts)' }), profileImage: Type.Union([Type.String(), Type.Null()]) }),
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
      description: 'Comma-separated SPEC §3 food categories; only schedules of those categories. Absent = all. An unknown one → 400.',
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

/** `DELETE /api/schedules/{id}?reason=`: the optional reason the guests are told (≤ 200 characters). */
export const ScheduleDeleteQuery = Type.Object({ reason: Type.Optional(Type.String({ maxLength: CANCEL_REASON_MAX })) }, { additionalProperties: false });
export type ScheduleDeleteQuery = Static<typeof ScheduleDeleteQuery>;

const tags = ['schedules'] as const;

/** Creates a schedule; its author is the first participant. */
export const createSchedule = defineOperation({
  method: 'POST',
  path: '/api/schedules',
  auth: 'member',
  summary: '일정 만들기',
  description:
    'Creates a meal schedule on a KST date from today to today+21 at an hour that has not started, with the caller as its first participant, adding a venue with coordinates to the catalogue.',
  tags,
  body: ScheduleCreateBody,
  responses: { 201: Schedule },
  errors: ['DATE_OUT_OF_WINDOW', 'PAST_HOUR', 'TEXT_REQUIRED', 'TEXT_TOO_LONG', 'PLACE_NAME_REQUIRED', 'COORDINATES', 'INAPPROPRIATE_TEXT'],
});

/** The caller's schedules from today on (paged). */
export const listMySchedules = defineOperation({
  method: 'GET',
  path: '/api/schedules/my',
  auth: 'member',
  summary: '내 일정',
  description: "Lists the caller's schedules dated today (KST) or later by date, hour and id, paged by `limit` and `cursor`.",
  tags,
  querystring: MyScheduleQuery,
  responses: { 200: ScheduleList },
  errors: [],
  paged: true,
});

/** The matching calendar's days: how many schedules each day lists, and their categories. */
export const scheduleCalendar = defineOperation({
  method: 'GET',
  path: '/api/schedules/calendar',
  auth: 'member',
  summary: '일정 달력',
  description:
    'Answers, for each KST day from `from` to `to` (inside the window, at most 42 days) that holds schedules, how many the day list would show with the same filters and their food categories.',
  tags,
  querystring: ScheduleCalendarQuery,
  responses: { 200: ScheduleCalendar },
  errors: ['CALENDAR_RANGE', 'UNKNOWN_CATEGORY', 'POSITION_PAIR'],
});

/** Every member's schedules in the window, filtered by day, category and distance (paged). */
export const listSchedules = defineOperation({
  method: 'GET',
  path: '/api/schedules',
  auth: 'member',
  summary: '모든 일정',
  description:
    "Lists the schedules that have not started from today to today+21 (KST) by date, hour and id with their authors, without hidden ones or those across a block, filtered by `date`, `category` and a `lat`/`lng`/`radius` circle, paged by `limit` and `cursor`.",
  tags,
  querystring: ScheduleListQuery,
  responses: { 200: ScheduleList },
  errors: ['LIST_DATE_OUT_OF_WINDOW', 'UNKNOWN_CATEGORY', 'POSITION_PAIR'],
  paged: true,
});

/** The soonest meals for visitors, the host's name masked. */
export const previewSchedules = defineOperation({
  method: 'GET',
  path: '/api/schedules/preview',
  auth: 'public',
  summary: '다가오는 약속 미리보기',
  description:
    "Lists for anyone the soonest `limit` (1–12, default 6) meals of the window that have not started, soonest first, with the host's name masked and without text, coordinates or member ids.",
  tags,
  querystring: SchedulePreviewQuery,
  responses: { 200: SchedulePreviewList },
  errors: [],
});

/** One schedule the caller could join, picked at random among the best matches. */
export const randomSchedule = defineOperation({
  method: 'GET',
  path: '/api/schedules/random',
  auth: 'member',
  summary: '랜덤 매칭',
  description:
    "Picks at random one of the three best schedules the caller could join (not theirs, not started, not full, never requested), ranked by preferences shared with the author and then by the soonest meal.",
  tags,
  responses: { 200: Schedule },
  errors: ['NO_MATCH_AVAILABLE'],
});

/** Edits a schedule: text and capacity, and optionally its time and place (its author only). */
export const updateSchedule = defineOperation({
  method: 'PUT',
  path: '/api/schedules/{id}',
  auth: 'member',
  summary: '일정 수정',
  description:
    "Saves the caller's schedule's text and capacity and optionally a new date, hour or place, telling each seated or waiting guest of a moved meal with `schedule_changed` and waitlisting or releasing requests as the capacity fills or frees seats.",
  tags,
  params: IdParams,
  body: ScheduleUpdateBody,
  responses: { 200: Schedule },
  errors: ['SCHEDULE_NOT_FOUND', 'NOT_SCHEDULE_OWNER', 'PAST_HOUR', 'DATE_OUT_OF_WINDOW', 'TEXT_REQUIRED', 'TEXT_TOO_LONG', 'PLACE_NAME_REQUIRED', 'COORDINATES', 'INAPPROPRIATE_TEXT', 'CAPACITY_BELOW_PARTICIPANTS'],
});

/** Deletes a schedule, cancelling every open request on it (its author only). */
export const deleteSchedule = defineOperation({
  method: 'DELETE',
  path: '/api/schedules/{id}',
  auth: 'member',
  summary: '일정 삭제',
  description:
    "Deletes the caller's schedule that has not started and cancels each open request on it with the optional `reason`, telling each requester with `schedule_cancelled` and ending their chats.",
  tags,
  params: IdParams,
  querystring: ScheduleDeleteQuery,
  responses: { 204: Type.Null({ description: 'deleted' }) },
  errors: ['SCHEDULE_NOT_FOUND', 'SCHEDULE_DELETE_FORBIDDEN', 'MEAL_STARTED'],
});
