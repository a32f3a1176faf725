import { KST_TIME_ZONE } from './time-zone.ts';

/**
 * Schedule rules (SPEC §5, §9). Every calendar decision is made in Korea Standard Time,
 * whatever the machine's time zone (DESIGN.md "Time").
 *
 * No date library: this module is in the client's first-render bundle (the route guards and the
 * schedule schemas import it), where date-fns' `format`/`parse` with @date-fns/tz cost ≈ 11 kB
 * brotli (issue #33 item 1). Korea has kept UTC+9 without daylight saving since 1988, so the KST
 * calendar date and hour are those of the instant plus 9 hours read in UTC (as in
 * ./korean-time.ts); ./schedule.test.ts checks them against date-fns with @date-fns/tz.
 */

/** The time zone in which "today" and the schedule window are decided. */
export const SCHEDULE_TIME_ZONE = KST_TIME_ZONE;
/** KST is UTC+9 all year. */
const KST_OFFSET_MS = 9 * 3_600_000;

/** `YYYY-MM-DD` of the UTC calendar date of `ms` (years 0–9999). */
function utcIsoDate(ms: number): IsoDate {
  const d = new Date(ms);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** Midnight UTC of a real calendar date written `YYYY-MM-DD` (ms), or NaN. */
function utcMidnight(value: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return Number.NaN;
  const d = new Date(0);
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const ms = d.getTime();
  return utcIsoDate(ms) === value ? ms : Number.NaN;
}

/** SPEC §9: schedules can be made and found from today to 21 days ahead (inclusive). */
export const SCHEDULE_WINDOW_DAYS = 21;
/** SPEC §5/§9: capacity 2–8, default 2 (the host counts as the first participant). */
export const CAPACITY_MIN = 2;
export const CAPACITY_MAX = 8;
export const CAPACITY_DEFAULT = 2;
/** SPEC §5/§9: the hour of a schedule, 0–23 (KST). */
export const HOUR_MIN = 0;
export const HOUR_MAX = 23;
/** Schedule text, 1–200 characters after trimming (issue #3). */
export const SCHEDULE_TEXT_MAX = 200;

/** A calendar date as `YYYY-MM-DD`. */
export type IsoDate = string;

/** Today's date in KST, `YYYY-MM-DD`. */
export function todayKst(now: Date = new Date()): IsoDate {
  return utcIsoDate(now.getTime() + KST_OFFSET_MS);
}

/** The current hour in KST, 0–23 (the add-schedule form's default hour, SPEC §5). */
export function currentHourKst(now: Date = new Date()): number {
  return new Date(now.getTime() + KST_OFFSET_MS).getUTCHours();
}

/** Adds whole calendar days to a `YYYY-MM-DD` date; a string that is no real date throws a RangeError. */
export function addDaysIso(date: IsoDate, days: number): IsoDate {
  const start = utcMidnight(date);
  if (Number.isNaN(start)) throw new RangeError(`Invalid date: ${date}`);
  const d = new Date(start);
  d.setUTCDate(d.getUTCDate() + Math.trunc(days));
  return utcIsoDate(d.getTime());
}

/** True when `value` is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  return !Number.isNaN(utcMidnight(value));
}

/** The first and last pickable dates (KST): today … today + 21 (SPEC §5 calendars). */
export function scheduleWindow(now: Date = new Date()): { first: IsoDate; last: IsoDate } {
  const first = todayKst(now);
  return { first, last: addDaysIso(first, SCHEDULE_WINDOW_DAYS) };
}

/** True when `date` lies in the schedule window (SPEC §5: only these days can be picked). */
export function isInScheduleWindow(date: IsoDate, now: Date = new Date()): boolean {
  if (!isIsoDate(date)) return false;
  const { first, last } = scheduleWindow(now);
  return date >= first && date <= last;
}

/**
 * The instant a meal starts (issue #15): `date` (KST) at `hour`:00 in Asia/Seoul. The database
 * derives the same instant (`schedules.starts_at`).
 */
export function mealStartsAt(date: IsoDate, hour: number): Date {
  return new Date(`${date}T${String(hour).padStart(2, '0')}:00:00+09:00`);
}

/** True once the meal's hour has begun (issue #15: 18:00 has started at 18:00:00 KST). */
export function hasMealStarted(date: IsoDate, hour: number, now: Date = new Date()): boolean {
  return now.getTime() >= mealStartsAt(date, hour).getTime();
}

/**
 * The hours (0–23, KST) a schedule on `date` can still be made for (issue #15: "지난 시간에는
 * 약속을 만들 수 없어요."): every hour on a later day, only hours that have not started today,
 * none on a past day.
 */
export function openHours(date: IsoDate, now: Date = new Date()): number[] {
  const hours: number[] = [];
  for (let h = HOUR_MIN; h <= HOUR_MAX; h++) if (!hasMealStarted(date, h, now)) hours.push(h);
  return hours;
}

/** Keeps a capacity inside 2–8 and never below the participants already in (SPEC §4 editing). */
export function clampCapacity(value: number, currentParticipants = 1): number {
  const floor = Math.max(CAPACITY_MIN, currentParticipants);
  return Math.min(CAPACITY_MAX, Math.max(floor, Math.round(value)));
}
