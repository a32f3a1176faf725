import { differenceInCalendarDays, format } from 'date-fns';
import { tz } from '@date-fns/tz';
import { KST_TIME_ZONE } from './time-zone.ts';

/**
 * Korean time wording (issue #18 item 1), the one module every time shown to a member goes
 * through: the client (src/lib/dates.ts re-exports it), the service worker and the server's
 * Korean notification texts (common/realtime.ts). Everything is decided in Korea Standard Time
 * (Asia/Seoul), whatever the device's or the machine's zone: instants with date-fns and
 * @date-fns/tz (`relativeTime`, `koreanClock`). Hours and KST dates `YYYY-MM-DD` need no time-zone
 * work, so `koreanHour`, `koreanDate` and `koreanDateHour` use no date-fns at all (the weekday
 * names are date-fns' `ko` ones, checked in the tests): the notification texts in the
 * first-render bundle (common/realtime.ts) stay free of date-fns (`npm run bench:size`).
 *
 * Wording and edges:
 * - Hours (12-hour clock, 오전/오후): 0 → "오전 12시" (midnight), 9 → "오전 9시",
 *   12 → "오후 12시" (noon), 18 → "오후 6시"; with minutes only when they are not 0
 *   ("오후 6:30", "오전 12:05").
 * - Dates: "11월 24일 (화)" (weekday of that KST date); with the time "11월 24일 (화) 오후 6시";
 *   an instant with its year "2026년 12월 3일 (목) 오후 3:05" (`koreanDateTime`).
 * - Relative times of an instant seen at `now` (posts, comments, notifications, messages):
 *   - less than 60 s ago (or in the future, a clock a little ahead) → "방금";
 *   - 60 s up to 59 min 59 s → "N분 전" (whole minutes, rounded down: 60 s → "1분 전");
 *   - 60 min up to 23 h 59 min → "N시간 전" (whole hours, rounded down), whether or not the
 *     instant was on the same calendar day;
 *   - 24 h or more and on the KST calendar day before today → "어제";
 *   - earlier in the same KST year → "11월 24일";
 *   - in an earlier KST year → "2025년 11월 24일".
 */

const inSeoul = /* @__PURE__ */ tz(KST_TIME_ZONE);
/** date-fns `ko` short weekday names, Sunday first (`format(d, 'EEE', { locale: ko })`). */
const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'] as const;

/** The Korean 오전/오후 word of an hour 0–23. */
export function meridiem(hour: number): '오전' | '오후' {
  return hour < 12 ? '오전' : '오후';
}

/** "오전 12시" (0), "오전 9시", "오후 12시" (12), "오후 6시"; "오후 6:30" when `minute` is not 0. */
export function koreanHour(hour: number, minute = 0): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  const clock = minute ? `${h12}:${String(minute).padStart(2, '0')}` : `${h12}시`;
  return `${meridiem(hour)} ${clock}`;
}

function partsOfIso(iso: string) {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return { year: y ?? 1970, month: m ?? 1, day: d ?? 1 };
}

/** "11월 24일 (화)" of a KST date `YYYY-MM-DD`. */
export function koreanDate(iso: string): string {
  const { year, month, day } = partsOfIso(iso);
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${month}월 ${day}일 (${weekday})`;
}

/** "11월 24일" of a KST date `YYYY-MM-DD` (no weekday). */
export function koreanMonthDay(iso: string): string {
  const { month, day } = partsOfIso(iso);
  return `${month}월 ${day}일`;
}

/** "11월 24일 (화) 오후 6시" of a KST date and an hour 0–23. */
export function koreanDateHour(iso: string, hour: number, minute = 0): string {
  return `${koreanDate(iso)} ${koreanHour(hour, minute)}`;
}

/** "오후 6:30" of an instant, in KST (chat message times). */
export function koreanClock(at: Date | string | number): string {
  const instant = new Date(at);
  const hour = Number(format(instant, 'H', { in: inSeoul }));
  const minute = Number(format(instant, 'm', { in: inSeoul }));
  return koreanHour(hour, minute);
}

/** "2026년 12월 3일 (목) 오후 3시" (or "오후 3:05") of an instant, in KST, with the year (e.g. when a suspension ends). */
export function koreanDateTime(at: Date | string | number): string {
  const instant = new Date(at);
  const iso = format(instant, 'yyyy-MM-dd', { in: inSeoul });
  return `${iso.slice(0, 4)}년 ${koreanDate(iso)} ${koreanClock(instant)}`;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** "방금", "3분 전", "2시간 전", "어제", "11월 24일" or "2025년 11월 24일" of an instant seen at `now` (edges above); '' when unreadable. */
export function relativeTime(at: Date | string | number, now: Date = new Date()): string {
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) return '';
  const elapsed = now.getTime() - instant.getTime();
  if (elapsed < MINUTE_MS) return '방금';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}분 전`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}시간 전`;
  if (differenceInCalendarDays(now, instant, { in: inSeoul }) === 1) return '어제';
  const sameYear = format(now, 'yyyy', { in: inSeoul }) === format(instant, 'yyyy', { in: inSeoul });
  return format(instant, sameYear ? 'M월 d일' : 'yyyy년 M월 d일', { in: inSeoul });
}
