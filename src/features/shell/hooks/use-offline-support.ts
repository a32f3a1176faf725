import { useEffect } from 'react';
import { clearMirrorOnSignOut } from '@/lib/offline-mirror';
import { startOutbox } from '@/lib/outbox';
import { useSavedAt } from '@/lib/saved-at-store';

/**
 * Starts the offline machinery once, with the shell (issue #7): outbox replay (app start,
 * sign-in, `online`, backoff), clearing the IndexedDB mirror on sign-out, and forgetting the
 * "saved at" records when the browser is back online (screens refetch live data).
 */
export function useOfflineSupport(): void {
  useEffect(() => {
    const stopOutbox = startOutbox();
    const stopMirror = clearMirrorOnSignOut();
    const onOnline = () => useSavedAt.getState().reset();
    window.addEventListener('online', onOnline);
    return () => {
      stopOutbox();
      stopMirror();
      window.removeEventListener('online', onOnline);
    };
  }, []);
}
