/**
 * Live notifications (SPEC §4 "Live notifications"; issue #4): every notification adds one to the
 * unread counter, opening the activity screen resets it. The refetch rules are signals the
 * activity route passes on: new_match_request → received list, match_accepted / match_rejected →
 * sent list, match_confirmed → both, new_message → only counted; unknown types log a warning.
 */
import { create } from 'zustand';
import { NOTIFICATION_TYPES, type LiveNotification, type NotificationType } from '@common/realtime';
import { onSignOut } from '@/lib/session/store';

interface NotificationsState {
  unread: number;
  /** Bumped when the received requests should be fetched again. */
  receivedVersion: number;
  /** Bumped when the sent requests should be fetched again. */
  sentVersion: number;
  increment: () => void;
  clearUnread: () => void;
}

export const useNotifications = create<NotificationsState>()((set) => ({
  unread: 0,
  receivedVersion: 0,
  sentVersion: 0,
  increment: () => set((s) => ({ unread: s.unread + 1 })),
  clearUnread: () => set({ unread: 0 }),
}));

/** Which lists a notification type refetches. */
export const REFETCH: Record<NotificationType, { received: boolean; sent: boolean }> = {
  new_match_request: { received: true, sent: false },
  match_accepted: { received: false, sent: true },
  match_rejected: { received: false, sent: true },
  match_confirmed: { received: true, sent: true },
  new_message: { received: false, sent: false },
};

const isKnownType = (type: unknown): type is NotificationType => (NOTIFICATION_TYPES as readonly unknown[]).includes(type);

/**
 * Applies one incoming notification: counts it, bumps the refetch signals of its type, warns on an
 * unknown type. Answers the text to show (the payload's `message`), or null when there is none.
 */
export function receiveNotification(payload: unknown): string | null {
  const n = (payload ?? {}) as Partial<LiveNotification>;
  useNotifications.setState((s) => {
    const next = { unread: s.unread + 1, receivedVersion: s.receivedVersion, sentVersion: s.sentVersion };
    if (isKnownType(n.type)) {
      if (REFETCH[n.type].received) next.receivedVersion += 1;
      if (REFETCH[n.type].sent) next.sentVersion += 1;
    }
    return next;
  });
  if (!isKnownType(n.type)) {
    console.warn('unknown live notification', n.type);
    return null;
  }
  return typeof n.message === 'string' && n.message ? n.message : null;
}

export function resetNotifications(): void {
  useNotifications.setState({ unread: 0 });
}

onSignOut(() => resetNotifications());
