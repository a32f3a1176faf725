import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { NotificationItem } from '@common/api/notifications';
import { inboxItems, inboxQuery, unreadCountQuery } from '../api/notifications';

/** The unread counts the tab bar shows (issue #31 item 1). */
export interface TabBadges {
  /** 채팅: chats with an unread message. */
  chats: number;
  /** 내 약속: the other unread notifications (requests, confirmations, reminders…). */
  meals: number;
}

/**
 * Splits unread inbox items between the tabs: a `new_message` item (the server collapses them to
 * one unread item per chat) counts for 채팅, every other type for 내 약속. `total` is the server's
 * unread count (`GET /api/notifications/unread-count`), which also covers items beyond the loaded page.
 */
export function splitUnread(items: readonly NotificationItem[], total: number): TabBadges {
  const chats = items.filter((item) => !item.read && item.type === 'new_message').length;
  return { chats, meals: Math.max(total - chats, 0) };
}

/**
 * The tab bar's badges from the sources that exist today: the unread count and the inbox's first
 * page (both refreshed by live notifications, src/lib/query/invalidation.ts).
 *
 * HOOK (chat list of the table issue): once `GET /api/chats` answers each chat's unread count,
 * take `chats` from the sum of those counts here; `meals` then stays `total - chat items`.
 */
export function useTabBadges(): TabBadges {
  const { data: total = 0 } = useQuery({ ...unreadCountQuery(), refetchOnWindowFocus: true });
  const inbox = useInfiniteQuery({ ...inboxQuery(), enabled: total > 0 });
  return splitUnread(total > 0 ? inboxItems(inbox.data) : [], total);
}
