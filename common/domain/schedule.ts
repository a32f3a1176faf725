import { addDays, format, parse, isValid } from 'date-fns';
import { tz } from '@date-fns/tz';
import { KST_TIME_ZONE } from './time-zone.ts';

/**
 * Schedule rules (SPEC §5, §9). Every calendar decision is made in Korea Standard Time,
 * whatever the machine's time zone (DESIGN.md "Time").
 */

/** The time zone in which "today" and the schedule window are decided. */
export const SCHEDULE_TIME_ZONE = KST_TIME_ZONE;
const inSeoul = tz(SCHEDULE_TIME_ZONE);

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
  return format(now, 'yyyy-MM-dd', { in: inSeoul });
}

/** The current hour in KST, 0–23 (the add-schedule form's default hour, SPEC §5). */
export function currentHourKst(now: Date = new Date()): number {
  return Number(format(now, 'H', { in: inSeoul }));
}

/** Adds whole calendar days to a `YYYY-MM-DD` date. */
export function addDaysIso(date: IsoDate, days: number): IsoDate {
  const d = parse(date, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return format(addDays(d, days), 'yyyy-MM-dd');
}

/** True when `value` is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = parse(value, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return isValid(d) && format(d, 'yyyy-MM-dd') === value;
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
