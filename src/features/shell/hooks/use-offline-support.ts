import { useEffect } from 'react';
import { clearMirrorOnSignOut } from '@/lib/offline-mirror';
import { flushOutbox, onOutboxSent, startOutbox } from '@/lib/outbox';
import { connectQueryClient, queryClient } from '@/lib/query/query-client';
import { useSavedAt } from '@/lib/saved-at-store';
import { onSignOut } from '@/lib/session/store';

/**
 * Starts the offline machinery once, with the shell (issue #7, #14): outbox replay (app start,
 * sign-in, backoff), the query client's online state (back online: the outbox replays once, then
 * stale queries refetch; replayed writes invalidate what they changed; sign-out empties the
 * cache), clearing the IndexedDB mirror on sign-out, and forgetting the "saved at" records when
 * the browser is back online.
 */
export function useOfflineSupport(): void {
  useEffect(() => {
    const stopOutbox = startOutbox();
    const stopQueries = connectQueryClient(queryClient, { flushOutbox, onOutboxSent, onSignOut });
    const stopMirror = clearMirrorOnSignOut();
    const onOnline = () => useSavedAt.getState().reset();
    window.addEventListener('online', onOnline);
    return () => {
      stopOutbox();
      stopQueries();
      stopMirror();
      window.removeEventListener('online', onOnline);
    };
  }, []);
}
