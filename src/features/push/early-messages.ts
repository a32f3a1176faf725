/**
 * The service worker's messages that arrive before the app listens (a push in the app's first
 * moment). The worker posts each push to the window in front (sw/push.ts), and a window dispatches
 * its worker's messages once the document is parsed; the app's listener (`usePush`) is mounted
 * with the live services, after the first page has painted and the stored session has been
 * checked, so a push in between used to reach no one (the bell's count caught up, but the toast
 * never showed). Started before the first render (src/main.tsx), this keeps what arrives until
 * `usePush` takes it: the newest `EARLY_MESSAGES_MAX`, none older than `EARLY_MESSAGES_MAX_AGE_MS`.
 */

/** Messages kept at most (a burst while the app starts shows as its newest few, not a stack of toasts). */
export const EARLY_MESSAGES_MAX = 3;
/** How old a kept message may be when the app takes it (ms): the app starts within seconds. */
export const EARLY_MESSAGES_MAX_AGE_MS = 30_000;

const kept: Array<{ data: unknown; at: number }> = [];
/** Ends the keeping (set while it runs). */
let stop: (() => void) | null = null;

/** Starts keeping the worker's pushes (once, before the first render); does nothing without service workers. */
export function keepEarlyMessages(now: () => number = Date.now): void {
  const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!container) return;
  const keep = (event: MessageEvent) => {
    // Only pushes (sw/push.ts `PushReceivedMessage`): another message (an update's) never pushes one out.
    if ((event.data as { type?: unknown } | null)?.type !== 'PUSH_RECEIVED') return;
    kept.push({ data: event.data, at: now() });
    if (kept.length > EARLY_MESSAGES_MAX) kept.shift();
  };
  container.addEventListener('message', keep);
  stop = () => container.removeEventListener('message', keep);
}

/** The kept pushes' data, oldest first, and stops keeping: from now on the caller listens itself. */
export function takeEarlyMessages(now: () => number = Date.now): unknown[] {
  stop?.();
  stop = null;
  const fresh = kept.filter((m) => now() - m.at <= EARLY_MESSAGES_MAX_AGE_MS).map((m) => m.data);
  kept.length = 0;
  return fresh;
}
