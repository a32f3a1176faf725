/// <reference lib="webworker" />
/**
 * Notification click (issue #7): closes the notification and brings the member to where it
 * leads — `notification.data.url` when it is a same-origin path (`/chat/{matchId}` for a new
 * message, `/table/{scheduleId}` for a table chat message, `/match-requests` otherwise), else
 * `/match-requests`. A window of ours already at that
 * path is focused; otherwise the first window of ours navigates there and is focused; with no
 * window open a new one is opened there.
 */
declare let self: ServiceWorkerGlobalScope;

/** Where a click leads when the notification names no usable path. */
export const DEFAULT_CLICK_URL = '/match-requests';

/** The same-origin path of a notification's `data.url`, or `/match-requests`. */
export function clickTarget(data: unknown): string {
  const url = data && typeof data === 'object' ? (data as { url?: unknown }).url : undefined;
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : DEFAULT_CLICK_URL;
}

/** Focuses, navigates or opens a window at `url` (a same-origin path). */
export async function openFromNotification(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target = new URL(url, self.location.origin);
  const there = windows.find((client) => {
    const at = new URL(client.url);
    return at.pathname === target.pathname && at.search === target.search;
  });
  // Focusing needs the click's user activation; a browser may refuse it (the page is there anyway).
  if (there) {
    await there.focus().catch(() => undefined);
    return;
  }
  const first = windows[0];
  if (first) {
    // navigate() rejects for a window this worker does not control, and answers null when it
    // cannot see the window afterwards (e.g. a page that was just leaving): open a new one then.
    const moved = await first.navigate(target.href).catch(() => null);
    if (moved) {
      await moved.focus().catch(() => undefined);
      return;
    }
  }
  await self.clients.openWindow(target.href);
}

/** Registers the `notificationclick` listener (wired by sw.ts). */
export function registerNotificationClick(): void {
  self.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    event.waitUntil(openFromNotification(clickTarget(event.notification.data)));
  });
}
