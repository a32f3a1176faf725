/**
 * Schedules (SPEC §2 matching/schedule pages, §3 Schedule, §4 schedule editing, §5, §9; issue #3).
 * Every calendar decision uses the injected clock and Korea Standard Time (common/domain/schedule.ts),
 * whatever the machine's time zone.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, notExists, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { CALENDAR_SPAN_MAX_DAYS, type CalendarDay, type Schedule, type ScheduleCreateBody, type ScheduleUpdateBody } from '../../../../common/api/schedules.ts';
import { addDaysIso, hasMealStarted, isIsoDate, isInScheduleWindow, scheduleWindow, SCHEDULE_TEXT_MAX, todayKst } from '../../../../common/domain/schedule.ts';
import { FOOD_CATEGORIES, type FoodCategory } from '../../../../common/domain/vocabulary.ts';
import { boundingBox, EARTH_RADIUS_M } from '../../../../common/domain/geo.ts';
import { LATE_CANCEL_HOURS, statusesBefore, type MatchStatus } from '../../../../common/domain/match-status.ts';
import { matchMembers, matchRequests, scheduleSlotCounts, schedules, users, venues } from '../../../db/schema.ts';
import type { Database, Tx } from '../../../db/database.ts';
import type { MatchEvent } from '../../../plugins/notifier.ts';
import type { Clock } from '../../../lib/clock.ts';
import { hasBlocks, isAcrossBlockWith, notBlockedWith } from '../../blocks/public.ts';
import { fail } from '../../../lib/errors.ts';
import { averageRating } from '../../../lib/user-view.ts';
import { memberStats, NO_STATS } from '../public.ts';
import type { StageNotices } from '../matches/service.ts';
import { tableCancelled, tableChanged } from '../../chat/public.ts';
import { venueCategoryName } from '../../../../common/domain/categories.ts';

/** SPEC §9: the matching page's default distance (m) when a position is given without a radius. */
export const SCHEDULE_RADIUS_DEFAULT = 5000;

/** The filters of the day list and the calendar (issue #19 item 3). */
export interface ScheduleFilter {
  /** Comma-separated food categories (absent or empty = all). */
  category?: string;
  lat?: number;
  lng?: number;
  /** Metres around lat/lng. */
  radius?: number;
}

/** Position of a schedule row in the (date, hour, id) order: the keyset cursor of both lists. */
export type ScheduleKey = readonly [date: string, hour: number, id: number];

/** A schedule's place as stored: the trimmed name, the venue id (blank → none) and both coordinates or neither. */
interface Place {
  placeName: string;
  venueId: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** The place of a create or move body; 400 when the name is blank or only one coordinate is given. */
function placeOf(body: { placeName?: string; venueId?: string; latitude?: number; longitude?: number }): Place {
  const placeName = (body.placeName ?? '').trim();
  if (!placeName) fail('PLACE_NAME_REQUIRED', { field: 'placeName' });
  if ((body.latitude === undefined) !== (body.longitude === undefined)) fail('COORDINATES', { field: body.latitude === undefined ? 'latitude' : 'longitude' });
  return { placeName, venueId: body.venueId?.trim() || null, latitude: body.latitude ?? null, longitude: body.longitude ?? null };
}

/**
 * Adds a place with a venue id and coordinates to the venue catalogue (same transaction), so other
 * members find it in `GET /api/venues`; an id already there stays as it is.
 */
async function addVenue(db: Database | Tx, place: Place, category: string): Promise<void> {
  if (!place.venueId || place.latitude === null || place.longitude === null) return;
  await db
    .insert(venues)
    .values({ id: place.venueId, placeName: place.placeName, categoryName: venueCategoryName(category), latitude: place.latitude, longitude: place.longitude, source: 'member' })
    .onConflictDoNothing({ target: venues.id });
}

/** Parses `?category=한식,중식` (400 on an unknown one). */
function parseCategories(category: string | undefined): FoodCategory[] {
  if (!category) return [];
  const list = [...new Set(category.split(',').map((c) => c.trim()).filter(Boolean))];
  for (const c of list) if (!(FOOD_CATEGORIES as readonly string[]).includes(c)) fail('UNKNOWN_CATEGORY', { field: 'category' });
  return list as FoodCategory[];
}

/**
 * The SQL condition of a filter: categories, and — with a position — haversine distance (the same
 * formula and Earth radius as common/domain/geo.ts, so server and client agree to the metre) within
 * the radius, after a latitude/longitude box any index or the planner can use cheaply. Schedules
 * without coordinates are kept (their distance is unknown, as on the matching page before).
 */
function filterCondition(f: ScheduleFilter) {
  const categories = parseCategories(f.category);
  if ((f.lat === undefined) !== (f.lng === undefined) || (f.radius !== undefined && f.lat === undefined)) {
    fail('POSITION_PAIR', { field: f.lat === undefined ? 'lat' : 'lng' });
  }
  let near;
  if (f.lat !== undefined && f.lng !== undefined) {
    const radius = f.radius ?? SCHEDULE_RADIUS_DEFAULT;
    const box = boundingBox({ lat: f.lat, lng: f.lng }, radius);
    const h = sql`power(sin(radians(${schedules.latitude} - ${f.lat}::float8) / 2), 2) + cos(radians(${f.lat}::float8)) * cos(radians(${schedules.latitude})) * power(sin(radians(${schedules.longitude} - ${f.lng}::float8) / 2), 2)`;
    near = sql`(${schedules.latitude} is null or (${schedules.latitude} between ${box.minLat}::float8 and ${box.maxLat}::float8 and ${schedules.longitude} between ${box.minLng}::float8 and ${box.maxLng}::float8 and 2 * ${EARTH_RADIUS_M}::float8 * asin(least(1, sqrt(${h}))) <= ${radius}::float8))`;
  }
  // bounded: the query's categories are validated against the fixed category list (SPEC §9, at most 9)
  return and(categories.length > 0 ? inArray(schedules.placeCategory, categories) : undefined, near);
}

/** Rows after `key` in the (date, hour, id) order (its three parts may be placeholders of a prepared statement). */
const afterKey = (key: ScheduleKey | readonly [Placeholder, Placeholder, Placeholder] | undefined) =>
  key ? sql`(${schedules.date}, ${schedules.hour}, ${schedules.id}) > (${key[0]}::date, ${key[1]}::int, ${key[2]}::int)` : undefined;

/** How many of the best-ranked schedules the random match picks from. */
export const RANDOM_TOP_N = 3;

/** A random number in [0, 1) — `Math.random` by default; tests pass a fixed sequence. */
export type RandomSource = () => number;

/** Characters as a person counts them (code points, so an emoji is one). */
const charCount = (s: string) => [...s].length;

/** Trimmed text, 1–200 characters (issue #3), or a 400 in Korean. */
function cleanText(text: string): string {
  const t = text.trim();
  if (!t) fail('TEXT_REQUIRED', { field: 'text' });
  if (charCount(t) > SCHEDULE_TEXT_MAX) fail('TEXT_TOO_LONG', { field: 'text' });
  return t;
}

/** The columns of one schedule with its author (SPEC §3 `user`). */
const viewColumns = {
  id: schedules.id,
  date: schedules.date,
  hour: schedules.hour,
  text: schedules.text,
  placeName: schedules.placeName,
  placeCategory: schedules.placeCategory,
  participants: schedules.participants,
  currentParticipants: schedules.currentParticipants,
  latitude: schedules.latitude,
  longitude: schedules.longitude,
  venueId: schedules.venueId,
  authorId: users.id,
  authorName: users.name,
  authorImage: users.profileImage,
  authorPreferences: users.preferences,
  authorReviewCount: users.reviewCount,
  authorRatingSum: users.ratingSum,
  startsAt: schedules.startsAt,
};
interface ViewRow {
  id: number;
  date: string;
  hour: number;
  text: string;
  placeName: string;
  placeCategory: string;
  participants: number;
  currentParticipants: number;
  latitude: number | null;
  longitude: number | null;
  venueId: string | null;
  authorId: number;
  authorName: string;
  authorImage: string | null;
  authorPreferences: Record<string, boolean> | null;
  authorReviewCount: number;
  authorRatingSum: number;
  startsAt: Date;
  myRequestStatus?: MatchStatus | null;
}

type Stats = Awaited<ReturnType<typeof memberStats>>;

/** A row of `viewColumns` as the API answers it (common/api/schedules.ts Schedule), with the author's figures. */
function toSchedule(r: ViewRow, stats: Stats): Schedule {
  return {
    id: r.id,
    date: r.date,
    time: r.hour,
    text: r.text,
    placeName: r.placeName,
    placeCategory: r.placeCategory,
    participants: r.participants,
    currentParticipants: r.currentParticipants,
    latitude: r.latitude,
    longitude: r.longitude,
    venueId: r.venueId,
    startsAt: r.startsAt.toISOString(),
    isFull: r.currentParticipants >= r.participants,
    myRequestStatus: r.myRequestStatus ?? null,
    user: {
      id: r.authorId,
      name: r.authorName,
      profileImage: r.authorImage,
      preferences: r.authorPreferences ?? {},
      reviewCount: r.authorReviewCount,
      averageRating: averageRating(r.authorRatingSum, r.authorReviewCount),
      ...(stats.get(r.authorId) ?? NO_STATS),
    },
  };
}

/** Builds the schedules service. */
export function createSchedulesService(deps: { db: Database; now: Clock; random: RandomSource; stage?: StageNotices }) {
  const { db, now, random } = deps;
  const stage: StageNotices = deps.stage ?? (async () => {});
  /**
   * The caller's own request status on each schedule (issue #15 `myRequestStatus`; null for none):
   * their newest request's (issue #28 item 2: a member may ask again after their own withdrawal).
   */
  const myRequestStatus = (userId: number | Placeholder) =>
    sql<MatchStatus | null>`(select ${matchRequests.status} from ${matchRequests} where ${matchRequests.scheduleId} = ${schedules.id} and ${matchRequests.requesterId} = ${userId} order by ${matchRequests.createdAt} desc, ${matchRequests.id} desc limit 1)`;
  const view = (userId: number | Placeholder = 0) =>
    db
      .select({ ...viewColumns, myRequestStatus: myRequestStatus(userId) })
      .from(schedules)
      .innerJoin(users, eq(users.id, schedules.userId));
  const order = [asc(schedules.date), asc(schedules.hour), asc(schedules.id)] as const;
  /**
   * What the matching page may show `userId` (list and calendar alike): not started (issue #15), not
   * deleted, not hidden by reports or a moderator, and nothing of a member on the other side of a
   * block, either way (issue #17). Full ones and the caller's own stay.
   */
  const visible = (userId: number | Placeholder, at: Date | SQL = now()) =>
    and(
      gt(schedules.startsAt, at),
      isNull(schedules.cancelledAt),
      isNull(schedules.hiddenAt),
      typeof userId !== 'number' || userId > 0 ? notBlockedWith(userId, schedules.userId) : undefined,
    );
  /**
   * The day list as the matching page asks for it — one date, no filter, a member signed in — as
   * prepared statements (issue #19 item 6): built once instead of on every request, and parsed once
   * per connection on PostgreSQL (which may still plan each execution for its values). The first
   * page, and the pages after a cursor. Placeholders:
   * `viewer`, `date`, `now` (ISO instant), `limit`, and for `next` the cursor's `afterDate`,
   * `afterHour`, `afterId`. Same rows as the general query in `inWindow`.
   */
  const prepareDayList = (paged: boolean) =>
    view(sql.placeholder('viewer'))
      .where(
        and(
          eq(schedules.date, sql.placeholder('date')),
          visible(sql.placeholder('viewer'), sql`${sql.placeholder('now')}::timestamptz`),
          paged ? afterKey([sql.placeholder('afterDate'), sql.placeholder('afterHour'), sql.placeholder('afterId')]) : undefined,
        ),
      )
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .prepare(paged ? 'schedules_day_list_next' : 'schedules_day_list');
  let dayList: { first: ReturnType<typeof prepareDayList>; next: ReturnType<typeof prepareDayList> } | undefined;
  /** Rows as the API answers them, with their authors' figures (one batch for the whole list). */
  const answer = async (rows: ViewRow[]) => {
    const stats = await memberStats(db, rows.map((r) => r.authorId), now());
    return rows.map((r) => toSchedule(r, stats));
  };
  /**
   * The calendar without a position (issue #33 item 4; see `calendar`): visible schedules per
   * (date, category) from `schedule_slot_counts` for the hours not started at `at`, minus those of
   * members across a block with `userId`; days and their categories in the database's order.
   */
  async function calendarFromCounts(userId: number, from: string, to: string, categories: readonly string[], at: Date): Promise<CalendarDay[]> {
    const c = scheduleSlotCounts;
    const atSql = sql`${at.toISOString()}::timestamptz`;
    const slots = await db
      .select({ date: c.date, category: c.placeCategory, n: sql<number>`sum(${c.n})::int` })
      .from(c)
      .where(
        and(
          gte(c.date, from),
          lte(c.date, to),
          // the start instant as schedules.starts_at derives it (KST date + hour)
          sql`(${c.date} + make_interval(hours => ${c.hour})) at time zone 'Asia/Seoul' > ${atSql}`,
          // bounded: validated against the fixed category list (at most 9)
          categories.length > 0 ? inArray(c.placeCategory, [...categories]) : undefined,
        ),
      )
      .groupBy(c.date, c.placeCategory)
      .orderBy(asc(c.date), asc(c.placeCategory));
    const hidden = new Map<string, number>();
    if (slots.length > 0 && (await hasBlocks(db, userId))) {
      const rows = await db
        .select({ date: schedules.date, category: schedules.placeCategory, n: sql<number>`count(*)::int` })
        .from(schedules)
        .where(
          and(
            isAcrossBlockWith(userId, schedules.userId),
            gte(schedules.date, from),
            lte(schedules.date, to),
            gt(schedules.startsAt, at),
            isNull(schedules.cancelledAt),
            isNull(schedules.hiddenAt),
            // bounded: validated against the fixed category list (at most 9)
            categories.length > 0 ? inArray(schedules.placeCategory, [...categories]) : undefined,
          ),
        )
        .groupBy(schedules.date, schedules.placeCategory);
      for (const r of rows) hidden.set(`${r.date} ${r.category}`, Number(r.n));
    }
    const days: CalendarDay[] = [];
    for (const slot of slots) {
      const n = Number(slot.n) - (hidden.get(`${slot.date} ${slot.category}`) ?? 0);
      if (n <= 0) continue;
      const last = days.at(-1);
      if (last?.date === slot.date) {
        last.count += n;
        last.categories.push(slot.category);
      } else days.push({ date: slot.date, count: n, categories: [slot.category] });
    }
    return days;
  }
  /** Waitlist changes after a schedule's seats or capacity changed (issue #15). */
  async function syncWaitlist(scheduleId: number, hostId: number): Promise<MatchEvent[]> {
    const [s] = await db
      .select({ current: schedules.currentParticipants, participants: schedules.participants, placeName: schedules.placeName, date: schedules.date, hour: schedules.hour, name: users.name, profileImage: users.profileImage })
      .from(schedules)
      .innerJoin(users, eq(users.id, schedules.userId))
      .where(eq(schedules.id, scheduleId));
    if (!s) return [];
    const full = s.current >= s.participants;
    const changed = await db
      .update(matchRequests)
      .set({ waitlisted: full, updatedAt: now() })
      .where(and(eq(matchRequests.scheduleId, scheduleId), eq(matchRequests.status, 'PENDING'), eq(matchRequests.waitlisted, !full)))
      .returning({ id: matchRequests.id, requesterId: matchRequests.requesterId });
    const fromUser = { id: hostId, name: s.name, profileImage: s.profileImage };
    const meal = { placeName: s.placeName, date: s.date, time: s.hour };
    const type = full ? ('schedule_full' as const) : ('seat_opened' as const);
    return changed.map((c) => ({ type, matchId: c.id, scheduleId, toUserId: c.requesterId, fromUser, meal }));
  }

  async function byId(id: number, userId = 0): Promise<Schedule | null> {
    const [row] = await view(userId).where(and(eq(schedules.id, id), isNull(schedules.cancelledAt)));
    return row ? (await answer([row]))[0]! : null;
  }

  return {
    byId,

    /**
     * Creates a schedule for `userId` (SPEC §7 POST /api/schedules). The author is the first
     * participant (`currentParticipants` 1). 400 when the date is outside today … +21 (KST), the
     * text is blank after trimming or longer than 200 characters, the place name is blank, or only
     * one coordinate is given. With `venueId` and coordinates the venue is added to the catalogue
     * (same transaction), so other members find it in `GET /api/venues`.
     */
    async create(userId: number, body: ScheduleCreateBody): Promise<Schedule> {
      if (!isIsoDate(body.date) || !isInScheduleWindow(body.date, now())) fail('DATE_OUT_OF_WINDOW', { field: 'date' });
      if (hasMealStarted(body.date, body.time, now())) fail('PAST_HOUR', { field: 'time' });
      const text = cleanText(body.text);
      const place = placeOf(body);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(schedules)
          .values({ userId, date: body.date, hour: body.time, text, placeCategory: body.placeCategory, participants: body.participants, currentParticipants: 1, ...place })
          .returning({ id: schedules.id });
        await addVenue(tx, place, body.placeCategory);
        return row!.id;
      });
      return (await byId(id, userId))!;
    },

    /**
     * The member's schedules dated today (KST) or later, by date, hour then id (SPEC §5, §7);
     * deleted ones left out. Keyset page (issue #19): `limit` rows after `after`.
     */
    async mine(userId: number, page: { limit: number; after?: ScheduleKey } = { limit: 1000 }): Promise<Schedule[]> {
      const rows = await view(userId)
        .where(and(eq(schedules.userId, userId), gte(schedules.date, todayKst(now())), isNull(schedules.cancelledAt), afterKey(page.after)))
        .orderBy(...order)
        .limit(page.limit);
      return answer(rows);
    },

    /**
     * Everyone's schedules in the window today … +21 (KST), by date then hour (SPEC §5 matching
     * page), without deleted ones and — issue #15 — without meals whose hour has started, and — issue
     * #17 — without those of members the caller blocked or was blocked by; each with `isFull` and the
     * caller's `myRequestStatus`. Issue #19 item 3: `date` narrows to one KST day of the window (400
     * DATE_OUT_OF_WINDOW outside it), `category`/`lat`/`lng`/`radius` filter in SQL, and the rows
     * come as a keyset page: at most `limit` after `after` in (date, hour, id) order.
     */
    async inWindow(userId = 0, q: ScheduleFilter & { date?: string; limit?: number; after?: ScheduleKey } = {}): Promise<Schedule[]> {
      if (q.date !== undefined && (!isIsoDate(q.date) || !isInScheduleWindow(q.date, now()))) {
        fail('LIST_DATE_OUT_OF_WINDOW', { field: 'date' });
      }
      const unfiltered = !q.category && q.lat === undefined && q.lng === undefined && q.radius === undefined;
      if (q.date !== undefined && unfiltered && userId > 0) {
        dayList ??= { first: prepareDayList(false), next: prepareDayList(true) };
        const values = { viewer: userId, date: q.date, now: now().toISOString(), limit: q.limit ?? 1000 };
        const rows = q.after
          ? await dayList.next.execute({ ...values, afterDate: q.after[0], afterHour: q.after[1], afterId: q.after[2] })
          : await dayList.first.execute(values);
        return answer(rows);
      }
      const { first, last } = scheduleWindow(now());
      const rows = await view(userId)
        .where(
          and(
            q.date !== undefined ? eq(schedules.date, q.date) : and(gte(schedules.date, first), lte(schedules.date, last)),
            visible(userId),
            filterCondition(q),
            afterKey(q.after),
          ),
        )
        .orderBy(...order)
        .limit(q.limit ?? 1000);
      return answer(rows);
    },

    /**
     * The calendar's days (issue #19 item 3): for each KST date `from` … `to` holding schedules the
     * day list would show (same visibility and filters), `{ date, count, categories }`; days
     * without any are left out. 400 when a date lies outside the window, `from` is after `to`, or
     * they are more than 42 days apart.
     *
     * Issue #33 item 4: without a position the days come from the kept counts
     * (`schedule_slot_counts`, one row per visible (date, hour, category), migration 0023): at most
     * 43 days × 24 hours × 9 categories rows whatever the number of meals, the started hours left
     * out by their start instant. Schedules of members across a block with `userId` are then
     * subtracted (one grouped query by schedules_user_date_hour_id_idx, only when the member has
     * blocks). With a position, the schedules themselves are filtered (bounded by the radius).
     */
    async calendar(userId: number, q: ScheduleFilter & { from: string; to: string }): Promise<CalendarDay[]> {
      const at = now();
      const ok =
        isIsoDate(q.from) && isIsoDate(q.to) && isInScheduleWindow(q.from, at) && isInScheduleWindow(q.to, at) && q.from <= q.to && addDaysIso(q.from, CALENDAR_SPAN_MAX_DAYS) >= q.to;
      if (!ok) fail('CALENDAR_RANGE', { field: 'from' });
      const filter = filterCondition(q);
      if (q.lat === undefined) return calendarFromCounts(userId, q.from, q.to, parseCategories(q.category), at);
      const rows = await db
        .select({
          date: schedules.date,
          count: sql<number>`count(*)::int`,
          categories: sql<string[]>`array_agg(distinct ${schedules.placeCategory} order by ${schedules.placeCategory})`,
        })
        .from(schedules)
        .where(and(gte(schedules.date, q.from), lte(schedules.date, q.to), visible(userId), filter))
        .groupBy(schedules.date)
        .orderBy(asc(schedules.date));
      return rows.map((r) => ({ date: r.date, count: r.count, categories: r.categories }));
    },

    /**
     * `PUT /api/schedules/{id}`: saves text and capacity for its author, with one conditional UPDATE,
     * so a concurrent accept can never leave capacity below the seats taken; issue #28 item 4 (moving
     * a meal): also a new `date`/`time` (either or both; same rules as create: in the window, not a
     * started hour → 400 DATE_OUT_OF_WINDOW / PAST_HOUR) and a new place (`placeName` with its
     * `placeCategory`, `venueId` and coordinates, which replace the old ones together; 400 when
     * blank or only one coordinate). 404 unknown or deleted; 403 not the author; 400 PAST_HOUR once
     * the meal has started (issue #15); 409 capacity below `currentParticipants` (SPEC §4). When the
     * time or place changes, each accepted or confirmed guest (and each waiting requester) gets
     * `schedule_changed` naming the old and the new meal, a seated guest's later cancellation is
     * never late (`schedule_changed_at`), and a new time re-arms the meal reminders. A capacity change
     * that fills the schedule waitlists its PENDING requests (`schedule_full`); one that frees a seat
     * releases them (`seat_opened`). The notices are staged in the same transaction (the service's
     * `db` is the route's transaction). Answers the schedule and those events (to publish after commit).
     */
    async update(userId: number, id: number, body: ScheduleUpdateBody): Promise<{ schedule: Schedule; events: MatchEvent[] }> {
      const text = cleanText(body.text);
      const [s] = await db
        .select({
          userId: schedules.userId,
          startsAt: schedules.startsAt,
          cancelledAt: schedules.cancelledAt,
          date: schedules.date,
          hour: schedules.hour,
          placeName: schedules.placeName,
          placeCategory: schedules.placeCategory,
          venueId: schedules.venueId,
          latitude: schedules.latitude,
          longitude: schedules.longitude,
        })
        .from(schedules)
        .where(eq(schedules.id, id));
      if (!s || s.cancelledAt) fail('SCHEDULE_NOT_FOUND');
      if (s.userId !== userId) fail('NOT_SCHEDULE_OWNER');
      const at = now();
      if (at >= s.startsAt) fail('PAST_HOUR', { field: 'time' });
      const date = body.date ?? s.date;
      const hour = body.time ?? s.hour;
      const timeChanged = date !== s.date || hour !== s.hour;
      if (timeChanged) {
        if (!isIsoDate(date) || !isInScheduleWindow(date, at)) fail('DATE_OUT_OF_WINDOW', { field: 'date' });
        if (hasMealStarted(date, hour, at)) fail('PAST_HOUR', { field: 'time' });
      }
      const place = body.placeName === undefined ? null : placeOf(body);
      const placeChanged = !!place && (place.placeName !== s.placeName || place.venueId !== s.venueId || place.latitude !== s.latitude || place.longitude !== s.longitude);
      const placeCategory = body.placeCategory ?? s.placeCategory;
      const [updated] = await db
        .update(schedules)
        .set({ text, participants: body.participants, date, hour, placeCategory, ...(place ?? {}), updatedAt: at })
        .where(and(eq(schedules.id, id), eq(schedules.userId, userId), lte(schedules.currentParticipants, body.participants)))
        .returning({ id: schedules.id });
      if (!updated) fail('CAPACITY_BELOW_PARTICIPANTS', { field: 'participants' });
      if (place) await addVenue(db, place, placeCategory);
      const events: MatchEvent[] = [];
      if (timeChanged || placeChanged) {
        const previous = { placeName: s.placeName, date: s.date, time: s.hour };
        const meal = { placeName: place?.placeName ?? s.placeName, date, time: hour };
        // Seated guests: a cancellation after this is never late (issue #28 item 4); a new time re-arms the reminders.
        const seated = await db
          .update(matchRequests)
          .set({ scheduleChangedAt: at, updatedAt: at })
          .where(and(eq(matchRequests.scheduleId, id), inArray(matchRequests.status, ['ACCEPTED', 'CONFIRMED'])))
          .returning({ id: matchRequests.id, requesterId: matchRequests.requesterId });
        if (timeChanged && seated.length > 0) {
          // Both members' reminder claims (issue #28 item 8: on their match_members rows).
          await db
            .update(matchMembers)
            .set({ remindedAt: null })
            .where(sql`${matchMembers.matchId} = any(${`{${seated.map((r) => r.id).join(',')}}`}::int[])`);
        }
        const waiting = await db
          .select({ id: matchRequests.id, requesterId: matchRequests.requesterId })
          .from(matchRequests)
          .where(and(eq(matchRequests.scheduleId, id), eq(matchRequests.status, 'PENDING')));
        const [host] = await db.select({ id: users.id, name: users.name, profileImage: users.profileImage }).from(users).where(eq(users.id, userId));
        for (const r of [...seated, ...waiting].sort((x, y) => x.id - y.id)) {
          events.push({ type: 'schedule_changed', matchId: r.id, scheduleId: id, toUserId: r.requesterId, fromUser: host!, meal, previous });
        }
      }
      // Issue #30 item 2: the table chat's system line, in this transaction (the route's).
      const table = await tableChanged(db, { scheduleId: id, hostId: userId, ...(timeChanged ? { time: { date, hour } } : {}), ...(placeChanged ? { placeName: place!.placeName } : {}) });
      if (table && events[0]) events[0].table = table;
      events.push(...(await syncWaitlist(id, userId)));
      await stage(db as Tx, events);
      return { schedule: (await byId(id, userId))!, events };
    },

    /**
     * Deletes the author's schedule (SPEC §6: the server allows deleting only one's own; issue #15):
     * the schedule is marked deleted (it leaves every list) and each of its PENDING, ACCEPTED and
     * CONFIRMED requests becomes CANCELLED by the host with `reason` (default '호스트가 일정을
     * 취소했어요.'), late when an accepted one is within 24 h of the start — one transaction. The
     * chats stay readable. 404 unknown or already deleted; 403 not the author; 409 MEAL_STARTED once
     * the meal has started. Answers a `schedule_cancelled` event for each of those requesters.
     */
    async remove(userId: number, id: number, reason?: string): Promise<MatchEvent[]> {
      const [host] = await db
        .select({
          id: users.id,
          name: users.name,
          profileImage: users.profileImage,
          ownerId: schedules.userId,
          startsAt: schedules.startsAt,
          cancelledAt: schedules.cancelledAt,
          placeName: schedules.placeName,
          date: schedules.date,
          hour: schedules.hour,
        })
        .from(schedules)
        .innerJoin(users, eq(users.id, userId))
        .where(eq(schedules.id, id));
      if (!host || host.cancelledAt) fail('SCHEDULE_NOT_FOUND');
      if (host.ownerId !== userId) fail('SCHEDULE_DELETE_FORBIDDEN');
      const at = now();
      if (at >= host.startsAt) fail('MEAL_STARTED', { params: { action: 'delete' } });
      // No reason chosen → none (the card says who cancelled; issue #28 item 3: the reason shows once).
      const cancelReason = reason?.trim() || null;
      const late = host.startsAt.getTime() - at.getTime() < LATE_CANCEL_HOURS * 60 * 60 * 1000;
      const fromUser = { id: host.id, name: host.name, profileImage: host.profileImage };
      const meal = { placeName: host.placeName, date: host.date, time: host.hour };
      return db.transaction(async (tx) => {
        // Issue #32 item 7: the seats go back to the host alone (every seated guest is cancelled
        // below), in the row-locking UPDATE that concurrent accepts wait behind — so
        // current_participants stays the host plus the accepted and confirmed count.
        const [deleted] = await tx
          .update(schedules)
          .set({ cancelledAt: at, currentParticipants: 1, updatedAt: at })
          .where(and(eq(schedules.id, id), eq(schedules.userId, userId), isNull(schedules.cancelledAt)))
          .returning({ id: schedules.id });
        if (!deleted) fail('SCHEDULE_NOT_FOUND');
        const fields = { status: 'CANCELLED' as const, cancelledBy: 'host' as const, cancelReason, cancelledAt: at, waitlisted: false, updatedAt: at };
        const seated = await tx
          .update(matchRequests)
          .set(fields)
          // bounded: at most the five statuses of MATCH_TRANSITIONS
          .where(and(eq(matchRequests.scheduleId, id), inArray(matchRequests.status, statusesBefore('CANCELLED').filter((st) => st !== 'PENDING'))))
          .returning({ id: matchRequests.id, requesterId: matchRequests.requesterId });
        if (late && seated.length > 0) {
          // The host cancelled late: on the host's row of each seated request (issue #28 item 8).
          await tx
            .update(matchMembers)
            .set({ lateCancel: true })
            .where(and(eq(matchMembers.role, 'host'), sql`${matchMembers.matchId} = any(${`{${seated.map((r) => r.id).join(',')}}`}::int[])`));
        }
        const pending = await tx
          .update(matchRequests)
          .set(fields)
          .where(and(eq(matchRequests.scheduleId, id), eq(matchRequests.status, 'PENDING')))
          .returning({ id: matchRequests.id, requesterId: matchRequests.requesterId });
        const events = [...seated, ...pending]
          .sort((x, y) => x.id - y.id)
          .map((m): MatchEvent => ({ type: 'schedule_cancelled', matchId: m.id, scheduleId: id, toUserId: m.requesterId, fromUser, meal, reason: cancelReason }));
        // Issue #30 item 2: the table chat says so (its members keep reading it).
        const table = await tableCancelled(tx, { scheduleId: id, hostId: userId });
        if (table && events[0]) events[0].table = table;
        await stage(tx, events);
        return events;
      });
    },

    /**
     * A random match (SPEC §7 GET /api/schedules/random, issue #3): among schedules that are not
     * mine, dated in the window (KST), not started (issue #15), not deleted, not full and not
     * already requested by me (any status),
     * ranks by the number of preferences that are `true` for both me and the author, then the
     * soonest (date, hour), and picks one of the best `RANDOM_TOP_N` with `random`.
     * 404 NO_MATCH_AVAILABLE when there is none.
     */
    async random(userId: number): Promise<Schedule> {
      const { first, last } = scheduleWindow(now());
      const overlap = sql<number>`(
        select count(*)::int from jsonb_each(${users.preferences}) as p(key, value)
        where p.value = 'true'::jsonb
          and ((select me.preferences from ${users} as me where me.id = ${userId}) -> p.key) = 'true'::jsonb
      )`;
      const rows = await db
        .select({ ...viewColumns, overlap })
        .from(schedules)
        .innerJoin(users, eq(users.id, schedules.userId))
        .where(
          and(
            ne(schedules.userId, userId),
            gte(schedules.date, first),
            lte(schedules.date, last),
            gt(schedules.startsAt, now()),
            isNull(schedules.cancelledAt),
            lt(schedules.currentParticipants, schedules.participants),
            isNull(schedules.hiddenAt),
            notBlockedWith(userId, schedules.userId),
            notExists(
              db
                .select({ one: sql`1` })
                .from(matchRequests)
                .where(and(eq(matchRequests.scheduleId, schedules.id), eq(matchRequests.requesterId, userId))),
            ),
          ),
        )
        .orderBy(desc(overlap), ...order)
        .limit(RANDOM_TOP_N);
      if (rows.length === 0) fail('NO_MATCH_AVAILABLE');
      const pick = Math.min(rows.length - 1, Math.max(0, Math.floor(random() * rows.length)));
      return (await answer([{ ...rows[pick]!, myRequestStatus: null }]))[0]!;
    },
  };
}
