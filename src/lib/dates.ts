/**
 * Calendar dates on the client. A KST date `YYYY-MM-DD` is shown in the calendar as the same
 * day in the browser's zone (local midnight), so the calendar never shifts a day whatever the
 * machine's time zone; "today" and the window come from common/domain/schedule (KST).
 */
import { format as formatDate } from 'date-fns';
import type { IsoDate } from '@common/domain/schedule';
import { format, ko } from '@/i18n/ko';

export function isoToLocalDate(iso: IsoDate): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

export function localDateToIso(date: Date): IsoDate {
  return formatDate(date, 'yyyy-MM-dd');
}

/** "11월 23일" */
export function monthDayLabel(iso: IsoDate): string {
  const [, m, d] = iso.split('-').map(Number);
  return format(ko.dates.monthDay, { month: m ?? 0, day: d ?? 0 });
}

/** "18시" */
export function hourLabel(hour: number): string {
  return format(ko.dates.hour, { hour });
}

/** "11월 23일 18시" */
export function whenLabel(iso: IsoDate, hour: number): string {
  return `${monthDayLabel(iso)} ${hourLabel(hour)}`;
}
