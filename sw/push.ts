/// <reference lib="webworker" />
/**
 * Push (issue #7): every FCM **data** message (common/push.ts `PushData`, sent by the server's
 * firebase-admin sender; FCM's web payload arrives as `{ data: {...}, from, fcmMessageId }`)
 * becomes a Korean system notification — title 밥상친구, the UI-TEXT.md body, our icon and
 * monochrome badge, one tag per match so a newer notification about a match replaces the older
 * one. No Firebase code runs here: the worker reads the payload itself.
 *
 * Quiet when looking (issue #16 item 6): when a focused, visible window of the app exists, no
 * system notification is shown; the payload is posted to that window instead
 * (`{ type: 'PUSH_RECEIVED', title, body, data }`), whose push hook shows the in-app toast
 * "[새 메시지] {title}: {body}" (UI-TEXT.md "Foreground push") — and a `new_message` of the chat
 * that window shows is not posted at all (the chat is on screen; the app marks it read), nor a
 * `table_message` of the table chat it shows (issue #30). Otherwise
 * the notification is shown and every window of ours is told as well. A payload that names no
 * known notification type or match is ignored.
 */
import { parsePushPayload, PUSH_BADGE, PUSH_ICON, TABLE_MESSAGE, type PushData } from '../common/push.ts';

declare let self: ServiceWorkerGlobalScope;

/** The message a window receives for each push (src/features/push/hooks/use-push.ts). */
export interface PushReceivedMessage {
  type: 'PUSH_RECEIVED';
  title: string;
  body: string;
  data: PushData;
}

/** The JSON of a push event, or null when it carries none or no valid JSON. */
function readJson(event: PushEvent): unknown {
  try {
    return event.data?.json() ?? null;
  } catch {
    return null;
  }
}

/** The window the member is looking at: focused and visible, or none. */
export function lookingAt(windows: readonly WindowClient[]): WindowClient | undefined {
  return windows.find((client) => client.focused && client.visibilityState === 'visible');
}

/** True when `client` shows the page a `new_message` or `table_message` push leads to (its chat). */
export function showsItsChat(client: WindowClient, data: PushData): boolean {
  if (data.type !== 'new_message' && data.type !== TABLE_MESSAGE) return false;
  try {
    return new URL(client.url).pathname.replace(/\/+$/, '') === data.url;
  } catch {
    return false;
  }
}

/**
 * One push: posted to the window the member is looking at (no system notification), or shown as a
 * system notification with every window of ours told. Answers what it did (for tests).
 */
export async function handlePush(data: PushData): Promise<'posted' | 'quiet' | 'shown'> {
  const message: PushReceivedMessage = { type: 'PUSH_RECEIVED', title: data.title, body: data.body, data };
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const focused = lookingAt(windows);
  if (focused) {
    if (showsItsChat(focused, data)) return 'quiet';
    focused.postMessage(message);
    return 'posted';
  }
  for (const client of windows) client.postMessage(message);
  // `renotify` is in the Notifications spec but not yet in TypeScript's DOM lib.
  const options: NotificationOptions & { renotify: boolean } = {
    body: data.body,
    icon: PUSH_ICON,
    badge: PUSH_BADGE,
    tag: data.tag,
    renotify: true,
    lang: 'ko',
    data: { url: data.url, type: data.type, matchId: data.matchId, scheduleId: data.scheduleId },
  };
  await self.registration.showNotification(data.title, options);
  return 'shown';
}

/** Registers the `push` listener (wired by sw.ts). */
export function registerPush(): void {
  self.addEventListener('push', (event: PushEvent) => {
    const data = parsePushPayload(readJson(event));
    if (!data) return;
    event.waitUntil(handlePush(data).then(() => undefined));
  });
}
