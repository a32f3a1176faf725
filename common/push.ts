/**
 * The push contract (issue #7) shared by the server's FCM sender and the service worker: every
 * live notification (common/realtime.ts) travels as an FCM **data** message whose string fields
 * are `PushData`; the service worker turns them into a Korean system notification (or an in-app
 * toast when the app is in front) and opens `url` on click.
 */
import { format } from './i18n/format.ts';
import { ko } from './i18n/notices.ts';
import { notificationMessage, NOTIFICATION_TYPES, type LiveNotification, type NotificationType } from './realtime.ts';

/** Title of every push notification (the catalogue's `notifications.pushTitle`). */
export const PUSH_TITLE = ko.notifications.pushTitle;
/** Icon and badge of the system notification (public/icons). */
export const PUSH_ICON = '/icons/icon-192.png';
export const PUSH_BADGE = '/icons/badge-72.png';

/** The string map FCM carries (`message.data`); every value is a string, as FCM requires. */
export interface PushData {
  [key: string]: string;
  type: NotificationType;
  matchId: string;
  scheduleId: string;
  title: string;
  /** The Korean text of UI-TEXT.md "Live notifications". */
  body: string;
  /** Where a click leads: `/chat/{matchId}` for new_message, otherwise `/match-requests`. */
  url: string;
  /** One tag per match, so a newer notification about the match replaces the older one. */
  tag: string;
  createdAt: string;
}

/** Where a notification click leads (issue #7: activity, or the chat for a new message). */
export function pushUrl(type: NotificationType, matchId: number): string {
  return type === 'new_message' ? `/chat/${matchId}` : '/match-requests';
}

/** The notification tag of a match. */
export function pushTag(matchId: number): string {
  return `match-${matchId}`;
}

/** The FCM data of a live notification. */
export function pushDataOf(notification: LiveNotification): PushData {
  return {
    type: notification.type,
    matchId: String(notification.matchId),
    scheduleId: String(notification.scheduleId),
    title: PUSH_TITLE,
    body: notification.message || notificationMessage(notification.type, notification.fromUser.name),
    url: pushUrl(notification.type, notification.matchId),
    tag: pushTag(notification.matchId),
    createdAt: notification.createdAt,
  };
}

/** The in-app text of a push received while the app is in front (SPEC §8, UI-TEXT.md "Foreground push"). */
export function foregroundPushText(title: string, body: string): string {
  return format(ko.notifications.foregroundPush, { title, body });
}

/**
 * Reads the data of a push event's JSON: an FCM web push (`{ data: {...}, from, fcmMessageId }`,
 * optionally with `notification: { title, body }`) or a bare `PushData`. `null` when it names no
 * known type or match.
 */
export function parsePushPayload(json: unknown): PushData | null {
  if (!json || typeof json !== 'object') return null;
  const outer = json as { data?: unknown; notification?: unknown };
  const data = (outer.data && typeof outer.data === 'object' ? outer.data : outer) as Record<string, unknown>;
  const shown = (outer.notification && typeof outer.notification === 'object' ? outer.notification : {}) as Record<string, unknown>;
  const type = data.type;
  const matchId = Number(data.matchId);
  if (typeof type !== 'string' || !(NOTIFICATION_TYPES as readonly string[]).includes(type)) return null;
  if (!Number.isInteger(matchId) || matchId <= 0) return null;
  const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);
  const notificationType = type as NotificationType;
  return {
    type: notificationType,
    matchId: String(matchId),
    scheduleId: text(data.scheduleId) ?? '',
    title: text(shown.title) ?? text(data.title) ?? PUSH_TITLE,
    body: text(shown.body) ?? text(data.body) ?? notificationMessage(notificationType, ''),
    url: pushUrl(notificationType, matchId),
    tag: pushTag(matchId),
    createdAt: text(data.createdAt) ?? '',
  };
}
