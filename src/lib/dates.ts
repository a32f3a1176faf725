/**
 * Calendar dates on the client. A KST date `YYYY-MM-DD` is shown in the calendar as the same
 * day in the browser's zone (local midnight), so the calendar never shifts a day whatever the
 * machine's time zone; "today" and the window come from common/domain/schedule (KST). The
 * Korean wording (오전/오후, weekdays, relative times) is common/domain/korean-time's.
 */
import type { IsoDate } from '@common/domain/schedule';
import { koreanDateHour, koreanHour, koreanMonthDay } from '@common/domain/korean-time';

export { koreanClock, koreanDate, koreanDateTime, meridiem, relativeTime } from '@common/domain/korean-time';

export function isoToLocalDate(iso: IsoDate): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

/** The browser-local calendar date of `date` as `YYYY-MM-DD` (no date-fns: every page imports this module, issue #33 item 1). */
export function localDateToIso(date: Date): IsoDate {
  return `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** "11월 23일" */
export function monthDayLabel(iso: IsoDate): string {
  return koreanMonthDay(iso);
}

/** "오후 6시" ("오전 12시" at midnight, "오후 12시" at noon) */
export function hourLabel(hour: number): string {
  return koreanHour(hour);
}

/** "11월 23일 (월) 오후 6시" */
export function whenLabel(iso: IsoDate, hour: number): string {
  return koreanDateHour(iso, hour);
}
