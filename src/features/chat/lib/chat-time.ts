/**
 * Times and days of chat messages, always in KST (issue #16 item 7): "오후 6:05" on each message
 * and "11월 24일 화요일" between days, whatever the device's time zone.
 */
import { format } from 'date-fns';
import { ko as koLocale } from 'date-fns/locale/ko';
import { ko } from '@/i18n/ko';

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** A local Date whose fields are KST's wall clock at `at` (for date-fns, which formats local fields). */
function kstWallClock(at: string | Date): Date | null {
  const t = typeof at === 'string' ? Date.parse(at) : at.getTime();
  if (!Number.isFinite(t)) return null;
  const k = new Date(t + KST_OFFSET_MS);
  return new Date(k.getUTCFullYear(), k.getUTCMonth(), k.getUTCDate(), k.getUTCHours(), k.getUTCMinutes(), k.getUTCSeconds());
}

/** "오후 6:05" (KST); '' for an unreadable instant. */
export function messageTime(at: string | Date): string {
  const d = kstWallClock(at);
  return d ? format(d, 'a h:mm', { locale: koLocale }) : '';
}

/** "11월 24일 화요일" (KST); '' for an unreadable instant. */
export function dayLabel(at: string | Date): string {
  const d = kstWallClock(at);
  return d ? format(d, ko.chatView.dayPattern, { locale: koLocale }) : '';
}

/** The KST calendar day `YYYY-MM-DD` of an instant (groups messages under one separator); '' when unreadable. */
export function kstDay(at: string | Date): string {
  const d = kstWallClock(at);
  return d ? format(d, 'yyyy-MM-dd') : '';
}

/** Items grouped by KST day, in order: one group per run of the same day. */
export function groupByDay<T>(items: readonly T[], at: (item: T) => string): Array<{ day: string; label: string; items: T[] }> {
  const groups: Array<{ day: string; label: string; items: T[] }> = [];
  for (const item of items) {
    const when = at(item);
    const day = kstDay(when);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, label: dayLabel(when), items: [item] });
  }
  return groups;
}
