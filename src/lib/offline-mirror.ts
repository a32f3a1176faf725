/**
 * The client half of "logout clears the previous member's entries" (issue #7): the service
 * worker mirrors API answers per member in IndexedDB (`sw/offline-cache.ts`, which also clears
 * them when another member's answer is stored); here the whole mirror store is cleared whenever
 * the session ends (logout, expiry, revoked token).
 */
import { clear, createStore, type UseStore } from 'idb-keyval';
import { MIRROR_DB, MIRROR_STORE } from '@common/offline';
import { onSignOut } from '@/lib/session/store';

let store: UseStore | null = null;

/** Empties the mirror (no-op without IndexedDB). Resolves when done; never rejects. */
export async function clearOfflineMirror(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  try {
    store ??= createStore(MIRROR_DB, MIRROR_STORE);
    await clear(store);
  } catch (error) {
    console.warn('offline mirror: could not clear', error);
  }
}

/** Clears the mirror on every sign-out from now on. Returns the unregister function. */
export function clearMirrorOnSignOut(): () => void {
  return onSignOut(() => void clearOfflineMirror());
}
