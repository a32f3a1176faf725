/**
 * Which answers on screen came from the service worker's offline mirror (issue #7): the API
 * client records `X-Offline-Saved-At` per request path; a live answer for the same path removes
 * it, and going back online forgets them all. The shell banner shows the oldest instant on record
 * as "{M월 d일 HH:mm} 저장" (KST), worded by ./saved-at-label.ts.
 *
 * The API client records into this store on every GET, so it is part of the first render: it
 * holds no strings and no date code (issue #18 item 8, `npm run bench:size`).
 */
import { create } from 'zustand';

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
