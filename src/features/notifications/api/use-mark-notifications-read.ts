/**
 * `POST /api/notifications/read {ids} | {all: true}` (issue #16 item 5) → 204: marks items of the
 * inbox (or all of them) read. The caches show it at once (the items read, the bell's count down),
 * and both refetch after the server answered, right or wrong.
 */
import { useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { NotificationItem, NotificationsReadBody } from '@common/api/notifications';
import { markNotificationsRead as markNotificationsReadOp } from '@common/api/notifications';
import { call } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';
import { invalidateRoots, type Invalidates } from '@/lib/query/writes';
import { inboxItems, type InboxData } from './notifications';

/** The bell's count and the inbox pages. */
export const invalidates = ['notificationsUnread', 'notifications'] as const satisfies Invalidates;

export async function markNotificationsRead(body: NotificationsReadBody): Promise<void> {
  await call(markNotificationsReadOp, { body });
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

/**
 * Marks read on the server with the optimistic cache update, then invalidates `invalidates` (also on
 * failure; not awaited). An empty `ids` asks nothing. Used outside React too (a live message of the
 * chat in view, opening a chat), hence the client as a parameter. Rejects with the call's error.
 */
export async function markRead(client: QueryClient, body: NotificationsReadBody): Promise<void> {
  if (body.ids && body.ids.length === 0) return;
  await Promise.all([client.cancelQueries({ queryKey: queryRoots.notificationsUnread }), client.cancelQueries({ queryKey: queryRoots.notifications })]);
  markReadInCache(client, body);
  try {
    await markNotificationsRead(body);
  } finally {
    void invalidateRoots(client, invalidates);
  }
}

/** `markRead` as a mutation of the body (모두 읽음); `options` add the screen's toasts. */
export function useMarkNotificationsRead(options: Omit<UseMutationOptions<void, Error, NotificationsReadBody>, 'mutationFn'> = {}) {
  const client = useQueryClient();
  return useMutation<void, Error, NotificationsReadBody>({ ...options, mutationFn: (body) => markRead(client, body) });
}
