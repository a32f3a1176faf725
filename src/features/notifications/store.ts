/**
 * Unread counter of live notifications (SPEC §4 "Live notifications"): every notification adds
 * one, opening the activity screen resets it. The live channel arrives with a later issue.
 */
import { create } from 'zustand';
import { onSignOut } from '@/lib/session/store';

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

export function resetNotifications(): void {
  useNotifications.setState({ unread: 0 });
}

onSignOut(() => resetNotifications());
