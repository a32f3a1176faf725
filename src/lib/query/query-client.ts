/**
 * The app's one TanStack Query client (issue #14): server state lives here, never in Zustand.
 * - Queries run whatever `navigator.onLine` says (`networkMode: 'always'`): offline, the service
 *   worker answers from the member's IndexedDB mirror (sw/offline-cache.ts), which stays the
 *   offline source of truth for the board, schedules, matches and reviews.
 * - Fresh for 30 s; refetched on focus and when the browser comes back online; a 4xx is not
 *   retried (the answer will not change), other failures once.
 * - `onlineManager` follows the browser's online/offline events; coming back online replays the
 *   outbox once (src/lib/outbox) and then refetches what is stale.
 * - Sign-out empties the cache, so the next member never sees the previous member's data.
 * - A replayed outbox write invalidates what its write declared it changes (`entry.invalidates`).
 */
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import type { OutboxEntry } from '@/lib/outbox/types';
import { invalidateRoots } from './writes';

/** Failures worth retrying: no answer, 408, 429 and 5xx; never another 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** A new client with the app's defaults (tests make their own). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, gcTime: 10 * 60_000, networkMode: 'always', retry: shouldRetry, refetchOnWindowFocus: true, refetchOnReconnect: true },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}

/** The app's client. */
export const queryClient = createQueryClient();

/**
 * Invalidates what a replayed outbox write changed: the `invalidates` its write declared (issue #29),
 * or every query for an entry stored without one.
 */
export function invalidateForOutbox(client: QueryClient, entry: Pick<OutboxEntry, 'invalidates'>): void {
  if (entry.invalidates) void invalidateRoots(client, entry.invalidates);
  else void client.invalidateQueries();
}

/** An `onlineManager` listener on the window's online/offline events; `onOnline` decides when to report online. */
function browserOnline(onOnline: (setOnline: (online: boolean) => void) => void) {
  return (setOnline: (online: boolean) => void) => {
    const online = () => onOnline(setOnline);
    const offline = () => setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  };
}

/**
 * Wires the client to the rest of the app: online/offline from the browser, the outbox replay on
 * reconnect (once, before the refetch), cache cleared on sign-out, invalidation after replayed
 * writes. Returns the stop function.
 */
export function connectQueryClient(
  client: QueryClient,
  deps: { flushOutbox: () => Promise<unknown>; onOutboxSent: (listener: (entry: OutboxEntry) => void) => () => void; onSignOut: (handler: () => void) => () => void },
): () => void {
  // Replay the waiting writes first, so the refetch that follows already shows them.
  onlineManager.setEventListener(browserOnline((setOnline) => void deps.flushOutbox().finally(() => setOnline(true))));
  const stopSent = deps.onOutboxSent((entry) => invalidateForOutbox(client, entry));
  const stopSignOut = deps.onSignOut(() => client.clear());
  return () => {
    stopSent();
    stopSignOut();
    onlineManager.setEventListener(browserOnline((setOnline) => setOnline(true)));
  };
}
