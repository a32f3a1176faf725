/**
 * The offline banner's "{M월 d일 HH:mm} 저장" (issue #7). Apart from ./saved-at-store.ts, which the
 * API client loads on the first render: only the banner (a lazy chunk) needs this label.
 */
import { koreanHour } from '@common/domain/korean-time';
import { KST_TIME_ZONE } from '@common/domain/time-zone';
import { format, ko } from '@/i18n/shell';

/**
 * Month, day, hour (00–23) and minute in KST. The platform's Intl does the time-zone work here
 * rather than date-fns, because date-fns' formatter would add ~8 kB gzip to the offline banner's chunk.
 * Made on the first label, not when the banner's chunk loads: a formatter with a time zone loads
 * the zone data, 30–40 ms of main thread on a 4× slowed CPU that every page paid at start-up
 * while the banner is hidden (issue #33 item 2).
 */
let kstParts: Intl.DateTimeFormat | undefined;
const kstFormatter = () =>
  (kstParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: KST_TIME_ZONE,
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }));

/** "11월 21일 오후 6:05 저장" — the instant read in KST (Asia/Seoul), whatever the device's zone (오전/오후 of common/domain/korean-time, issue #18). */
export function savedAtLabel(iso: string): string {
  const parts: Record<string, string> = {};
  for (const part of kstFormatter().formatToParts(new Date(iso))) parts[part.type] = part.value;
  const time = koreanHour(Number(parts.hour ?? 0), Number(parts.minute ?? 0));
  const when = format(ko.offlineUi.savedAtPattern, { month: parts.month ?? '', day: parts.day ?? '', time });
  return format(ko.offlineUi.savedAt, { when });
}
