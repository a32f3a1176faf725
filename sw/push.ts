/// <reference lib="webworker" />
/**
 * Push (issue #7): every FCM **data** message (common/push.ts `PushData`, sent by the server's
 * firebase-admin sender; FCM's web payload arrives as `{ data: {...}, from, fcmMessageId }`)
 * becomes a Korean system notification — title 밥상친구, the UI-TEXT.md body, our icon and
 * monochrome badge, one tag per match so a newer notification about a match replaces the older
 * one. No Firebase code runs here: the worker reads the payload itself.
 *
 * The notification is always shown, and every window of ours is also told
 * (`{ type: 'PUSH_RECEIVED', title, body, data }`) so a page the member is looking at shows the
 * in-app toast "[새 메시지] {title}: {body}" (UI-TEXT.md "Foreground push"). A payload that names
 * no known notification type or match is ignored.
 */
import { parsePushPayload, PUSH_BADGE, PUSH_ICON, type PushData } from '../common/push.ts';

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

/** Shows the notification of one push and tells our open windows about it. */
export async function handlePush(data: PushData): Promise<void> {
  const message: PushReceivedMessage = { type: 'PUSH_RECEIVED', title: data.title, body: data.body, data };
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
  // `renotify` is in the Notifications spec but not yet in TypeScript's DOM lib.
  const options: NotificationOptions & { renotify: boolean } = {
    body: data.body,
    icon: PUSH_ICON,
    badge: PUSH_BADGE,
    tag: data.tag,
    renotify: true,
    lang: 'ko',
    data: { url: data.url, type: data.type, matchId: data.matchId },
  };
  await self.registration.showNotification(data.title, options);
}

/** Registers the `push` listener (wired by sw.ts). */
export function registerPush(): void {
  self.addEventListener('push', (event: PushEvent) => {
    const data = parsePushPayload(readJson(event));
    if (!data) return;
    event.waitUntil(handlePush(data));
  });
}
