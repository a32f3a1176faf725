/**
 * The notification inbox (issue #16 item 5; common/api/notifications.ts): the pages of
 * `GET /api/notifications` as an infinite query (the next page is `before` = the last item's id,
 * the server's `Link: rel="next"` cursor), the bell's `GET /api/notifications/unread-count`, and
 * `POST /api/notifications/read` with the optimistic update of both caches.
 */
import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { NotificationItem, NotificationsReadBody } from '@common/api/notifications';
import { NOTIFICATIONS_PAGE_DEFAULT } from '@common/api/notifications-limits';
import { operations } from '@common/api/operations';
import { call } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** Items per inbox page. */
export const INBOX_PAGE_SIZE = NOTIFICATIONS_PAGE_DEFAULT;

/** One page of the inbox, newest first: `limit` items (default a page) with ids below `before`. */
export function getNotifications(options: { before?: number; limit?: number; signal?: AbortSignal } = {}): Promise<NotificationItem[]> {
  return call(operations.listNotifications, { query: { limit: options.limit ?? INBOX_PAGE_SIZE, before: options.before }, signal: options.signal });
}

/** The member's unread count. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await call(operations.unreadNotificationCount, { signal })).count;
}

/** Marks items (or all) read → 204. */
export async function markNotificationsRead(body: NotificationsReadBody): Promise<void> {
  await call(operations.markNotificationsRead, { body });
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

/** Marks the cached items read at once (the count goes down by the unread ones among them). */
export function markReadInCache(client: QueryClient, body: NotificationsReadBody): void {
  const ids = new Set(body.ids ?? []);
  const hit = (item: NotificationItem) => body.all === true || ids.has(item.id);
  const data = client.getQueryData<InboxData>(queryRoots.notifications);
  const unreadHit = new Set(inboxItems(data).filter((item) => !item.read && hit(item)).map((item) => item.id)).size;
  if (data) {
    client.setQueryData<InboxData>(queryRoots.notifications, {
      ...data,
      pages: data.pages.map((page) => page.map((item) => (hit(item) && !item.read ? { ...item, read: true } : item))),
    });
  }
  // Without the list cached, which ids were unread is unknown: the refetch after the mark says.
  const count = client.getQueryData<number>(queryRoots.notificationsUnread);
  if (typeof count === 'number' && (body.all === true || data)) {
    client.setQueryData<number>(queryRoots.notificationsUnread, body.all === true ? 0 : Math.max(0, count - unreadHit));
  }
}

/** Refetches the bell and the list (after a read mark, right or wrong). */
export function refreshInbox(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryRoots.notificationsUnread }),
    client.invalidateQueries({ queryKey: queryRoots.notifications }),
  ]).then(() => undefined);
}

/** Marks read on the server with the optimistic cache update, then refetches both (also on failure). */
export async function markRead(client: QueryClient, body: NotificationsReadBody): Promise<void> {
  if (body.ids && body.ids.length === 0) return;
  await Promise.all([client.cancelQueries({ queryKey: queryRoots.notificationsUnread }), client.cancelQueries({ queryKey: queryRoots.notifications })]);
  markReadInCache(client, body);
  try {
    await markNotificationsRead(body);
  } finally {
    void refreshInbox(client);
  }
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
