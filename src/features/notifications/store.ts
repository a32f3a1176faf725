/**
 * Live notifications (SPEC §4 "Live notifications"; issue #4, #14): every notification adds one to
 * the unread counter (opening the activity screen resets it) and invalidates the cached queries it
 * concerns through the one table of src/lib/query/invalidation.ts (no refetch counters here:
 * Zustand keeps only client state). Unknown types log a warning and invalidate nothing.
 */
import { create } from 'zustand';
import { NOTIFICATION_TYPES, type LiveNotification, type NotificationType } from '@common/realtime';
import { onSignOut } from '@/lib/session/store';
import { invalidateForNotification } from '@/lib/query/invalidation';
import { queryClient } from '@/lib/query/query-client';

interface NotificationsState {
  unread: number;
  increment: () => void;
  clearUnread: () => void;
}

export const useNotifications = create<NotificationsState>()((set) => ({
  unread: 0,
  increment: () => set((s) => ({ unread: s.unread + 1 })),
  clearUnread: () => set({ unread: 0 }),
}));

const isKnownType = (type: unknown): type is NotificationType => (NOTIFICATION_TYPES as readonly unknown[]).includes(type);

/**
 * Applies one incoming notification: counts it, invalidates the queries of its type, warns on an
 * unknown type. Answers the text to show (the payload's `message`), or null when there is none.
 */
export function receiveNotification(payload: unknown, client = queryClient): string | null {
  const n = (payload ?? {}) as Partial<LiveNotification>;
  useNotifications.setState((s) => ({ unread: s.unread + 1 }));
  if (!isKnownType(n.type)) {
    console.warn('unknown live notification', n.type);
    return null;
  }
  invalidateForNotification(client, { type: n.type, matchId: typeof n.matchId === 'number' ? n.matchId : undefined });
  return typeof n.message === 'string' && n.message ? n.message : null;
}

export function resetNotifications(): void {
  useNotifications.setState({ unread: 0 });
}

onSignOut(() => resetNotifications());
