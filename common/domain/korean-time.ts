import { KST_TIME_ZONE } from './time-zone.ts';

/**
 * Korean time wording (issue #18 item 1), the one module every time shown to a member goes
 * through: the client (src/lib/dates.ts re-exports it), the service worker and the server's
 * Korean notification and suspension texts (common/realtime.ts, server/modules/reports/public.ts).
 * Everything is decided in Korea Standard Time (`KST_TIME_ZONE`, Asia/Seoul), whatever the
 * device's or the machine's zone.
 *
 * No imports besides the zone's name: the saved-at line of the offline banner and the
 * notification texts are in the first-render bundle, and date-fns with @date-fns/tz there costs
 * about 7 kB gzip (`npm run bench:size`). Korea has kept UTC+9 without daylight saving since
 * 1988, so KST wall time is the instant plus 9 hours; the tests check every function against
 * date-fns (`ko` locale, @date-fns/tz in Asia/Seoul) over two years of days and hours.
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

/** The zone these rules read wall time in (UTC+9 all year). */
export const KOREAN_TIME_ZONE = KST_TIME_ZONE;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const KST_OFFSET_MS = 9 * HOUR_MS;
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

/** KST wall-clock parts of an instant. */
function kstParts(instant: Date) {
  const wall = new Date(instant.getTime() + KST_OFFSET_MS);
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), hour: wall.getUTCHours(), minute: wall.getUTCMinutes() };
}

/** Days since 1970-01-01 of an instant's KST calendar date. */
const kstDayNumber = (instant: Date) => Math.floor((instant.getTime() + KST_OFFSET_MS) / DAY_MS);

/** "오후 6:30" (or "오후 6시") of an instant, in KST; '' when unreadable. */
export function koreanClock(at: Date | string | number): string {
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) return '';
  const { hour, minute } = kstParts(instant);
  return koreanHour(hour, minute);
}

/** "2026년 12월 3일 (목) 오후 3시" (or "오후 3:05") of an instant, in KST, with the year (e.g. when a suspension ends). */
export function koreanDateTime(at: Date | string | number): string {
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) return '';
  const { year, month, day } = kstParts(instant);
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return `${year}년 ${koreanDate(iso)} ${koreanClock(instant)}`;
}

/** "방금", "3분 전", "2시간 전", "어제", "11월 24일" or "2025년 11월 24일" of an instant seen at `now` (edges above); '' when unreadable. */
export function relativeTime(at: Date | string | number, now: Date = new Date()): string {
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) return '';
  const elapsed = now.getTime() - instant.getTime();
  if (elapsed < MINUTE_MS) return '방금';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}분 전`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}시간 전`;
  if (kstDayNumber(now) - kstDayNumber(instant) === 1) return '어제';
  const then = kstParts(instant);
  return then.year === kstParts(now).year ? `${then.month}월 ${then.day}일` : `${then.year}년 ${then.month}월 ${then.day}일`;
}

/**
 * "오후 9:30" when `at` falls on the KST day of `now`, else "11월 28일 (토) 오후 9:30": how the
 * time a rule opens is named (issue #28: "오후 9:30부터 알려주실 수 있어요.").
 */
export function koreanTimeFrom(at: Date, now: Date): string {
  const sameDay = kstDayNumber(at) === kstDayNumber(now);
  if (sameDay) return koreanClock(at);
  const iso = new Date(at.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);
  return `${koreanDate(iso)} ${koreanClock(at)}`;
}
