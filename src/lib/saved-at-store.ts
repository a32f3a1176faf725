/**
 * Which answers on screen came from the service worker's offline mirror (issue #7): the API
 * client records `X-Offline-Saved-At` per request path; a live answer for the same path removes
 * it, and going back online forgets them all. The shell banner shows the oldest instant on record
 * as "{M월 d일 HH:mm} 저장" (KST).
 */
import { create } from 'zustand';
import { koreanHour } from '@common/domain/korean-time';
import { KST_TIME_ZONE } from '@common/domain/time-zone';
import { format, ko } from '@/i18n/ko';

interface SavedAtState {
  /** Request path (with query) → ISO instant its mirrored answer was stored. */
  byPath: Record<string, string>;
  record: (path: string, savedAt: string | null) => void;
  /** Forgets every record (the browser is back online). */
  reset: () => void;
}

export const useSavedAt = create<SavedAtState>()((set) => ({
  byPath: {},
  record: (path, savedAt) =>
    set((s) => {
      if (savedAt) return s.byPath[path] === savedAt ? s : { byPath: { ...s.byPath, [path]: savedAt } };
      if (!(path in s.byPath)) return s;
      const { [path]: _dropped, ...rest } = s.byPath;
      return { byPath: rest };
    }),
  reset: () => set((s) => (Object.keys(s.byPath).length ? { byPath: {} } : s)),
}));

/** The oldest saved-at instant on record (ISO), or null when every answer is live. */
export function oldestSavedAt(byPath: Record<string, string>): string | null {
  let oldest: string | null = null;
  for (const value of Object.values(byPath)) {
    if (oldest === null || Date.parse(value) < Date.parse(oldest)) oldest = value;
  }
  return oldest;
}

/**
 * Month, day, hour (00–23) and minute in KST. The platform's Intl does the time-zone work here
 * rather than date-fns, because this label sits in the first-render bundle (the banner) and
 * date-fns' formatter would add ~8 kB gzip to it (`npm run bench:size`).
 */
const KST_PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: KST_TIME_ZONE,
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "11월 21일 오후 6:05 저장" — the instant read in KST (Asia/Seoul), whatever the device's zone (오전/오후 of common/domain/korean-time, issue #18). */
export function savedAtLabel(iso: string): string {
  const parts: Record<string, string> = {};
  for (const part of KST_PARTS.formatToParts(new Date(iso))) parts[part.type] = part.value;
  const time = koreanHour(Number(parts.hour ?? 0), Number(parts.minute ?? 0));
  const when = format(ko.offlineUi.savedAtPattern, { month: parts.month ?? '', day: parts.day ?? '', time });
  return format(ko.offlineUi.savedAt, { when });
}
