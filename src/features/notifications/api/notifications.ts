/**
 * The notification inbox (issue #16 item 5; common/api/notifications.ts): the pages of
 * `GET /api/notifications` as an infinite query (the next page is `before` = the last item's id,
 * the server's `Link: rel="next"` cursor) and the bell's `GET /api/notifications/unread-count`. The
 * read mark, `POST /api/notifications/read`, is ./use-mark-notifications-read.ts.
 */
import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { NotificationItem } from '@common/api/notifications';
import { NOTIFICATIONS_PAGE_DEFAULT } from '@common/api/notifications-limits';
import { listNotifications as listNotificationsOp, unreadNotificationCount as unreadNotificationCountOp } from '@common/api/notifications';
import { call } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** Items per inbox page. */
export const INBOX_PAGE_SIZE = NOTIFICATIONS_PAGE_DEFAULT;

/** One page of the inbox, newest first: `limit` items (default a page) with ids below `before`. */
export function getNotifications(options: { before?: number; limit?: number; signal?: AbortSignal } = {}): Promise<NotificationItem[]> {
  return call(listNotificationsOp, { query: { limit: options.limit ?? INBOX_PAGE_SIZE, before: options.before }, signal: options.signal });
}

/** The member's unread count. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await call(unreadNotificationCountOp, { signal })).count;
}

/** The bell's count; it survives a reload because it is the server's. */
export const unreadCountQuery = () => queryOptions({ queryKey: queryRoots.notificationsUnread, queryFn: ({ signal }) => getUnreadCount(signal) });

/** The `before` of the page after `page`: its last id when it was full, none on the last page. */
export function nextBefore(page: readonly NotificationItem[], limit = INBOX_PAGE_SIZE): number | undefined {
  return page.length >= limit ? page[page.length - 1]?.id : undefined;
}

/** The inbox, page by page ("더 보기"). */
export const inboxQuery = () =>
  infiniteQueryOptions({
    queryKey: queryRoots.notifications,
    queryFn: ({ pageParam, signal }) => getNotifications({ before: pageParam, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => nextBefore(last),
  });

export type InboxData = InfiniteData<NotificationItem[], number | undefined>;

/**
 * The loaded items, newest first by `createdAt` (a collapsed `new_message` keeps its id while its
 * time moves forward, so the id order of the pages is not the display order); each id once.
 */
export function inboxItems(data: { pages: readonly (readonly NotificationItem[])[] } | undefined): NotificationItem[] {
  const seen = new Set<number>();
  const items: NotificationItem[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
}

/**
 * The unread `new_message` items of a chat (issue #16 item 5: opening a chat marks them read): the
 * cached inbox's and the server's newest 50 (`new_message` collapses to one unread item per chat).
 * Nothing is asked when the bell's fresh count is 0.
 */
export async function unreadChatItemIds(client: QueryClient, matchId: number): Promise<number[]> {
  const of = (items: readonly NotificationItem[]) => items.filter((item) => item.type === 'new_message' && item.matchId === matchId && !item.read).map((item) => item.id);
  const ids = new Set(of(inboxItems(client.getQueryData<InboxData>(queryRoots.notifications))));
  const count = client.getQueryState<number>(queryRoots.notificationsUnread);
  if (ids.size === 0 && count?.status === 'success' && count.data === 0 && !count.isInvalidated) return [];
  for (const id of of(await getNotifications({ limit: 50 }))) ids.add(id);
  return [...ids];
}
