/**
 * The push contract (issue #7) shared by the server's FCM sender and the service worker: every
 * live notification (common/realtime.ts) travels as an FCM **data** message whose string fields
 * are `PushData`; the service worker turns them into a Korean system notification (or an in-app
 * toast when the app is in front) and opens `url` on click.
 *
 * Besides the live notifications, a table chat message (issue #30) is pushed to each member of the
 * table who is not its sender, has not muted the chat and is not on either side of a block with the
 * sender (server/modules/chat/table-live.ts): type `table_message`, no match, `url` `/table/{scheduleId}`,
 * tag `table-{scheduleId}` (a newer message of the table replaces the older notification).
 */
import { format } from './i18n/format.ts';
import { ko } from './i18n/notices.ts';
import { isModerationNotice, notificationMessage, NOTIFICATION_TYPES, type LiveNotification, type NotificationType } from './realtime.ts';

/** Title of every push notification (the catalogue's `notifications.pushTitle`). */
export const PUSH_TITLE = ko.notifications.pushTitle;
/** Icon and badge of the system notification (public/icons). */
export const PUSH_ICON = '/icons/icon-192.png';
export const PUSH_BADGE = '/icons/badge-72.png';

/** The push type of a table chat message (not a live notification: the chat list's activity tells the open app). */
export const TABLE_MESSAGE = 'table_message';
/** What a push is about: a live notification's type, or a table chat message. */
export type PushType = NotificationType | typeof TABLE_MESSAGE;

/** A table chat message to push (issue #30): the meal, its place, who wrote it and when (ISO 8601). */
export interface TableMessagePush {
  type: typeof TABLE_MESSAGE;
  scheduleId: number;
  placeName: string;
  fromUser: { id: number; name: string };
  createdAt: string;
}

/** What the server pushes: a live notification (common/realtime.ts) or a table chat message. */
export type PushSource = LiveNotification | TableMessagePush;

/** The string map FCM carries (`message.data`); every value is a string, as FCM requires. */
export interface PushData {
  [key: string]: string;
  type: PushType;
  /** The match it is about; `''` for a table message. */
  matchId: string;
  scheduleId: string;
  title: string;
  /** The Korean text of UI-TEXT.md "Live notifications". */
  body: string;
  /** Where a click leads: `/chat/{matchId}` for new_message, `/table/{scheduleId}` for a table message, `/notifications` for a moderation notice, otherwise `/match-requests`. */
  url: string;
  /** One tag per match (`match-{id}`), table (`table-{scheduleId}`) or moderated content (`content-{type}-{id}`), so a newer notification about it replaces the older one. */
  tag: string;
  createdAt: string;
}

/** Where a notification click leads (issue #7: activity, or the chat for a new message; issue #32 item 1: the inbox for a moderation notice, where it can be appealed). */
export function pushUrl(type: NotificationType, matchId: number): string {
  if (isModerationNotice(type)) return '/notifications';
  return type === 'new_message' ? `/chat/${matchId}` : '/match-requests';
}

/** The notification tag of a moderation notice: one per piece of content (issue #32 item 1). */
export function contentPushTag(target: { type: string; id: number } | undefined): string {
  return target ? `content-${target.type}-${target.id}` : 'content';
}

/** The notification tag of a match. */
export function pushTag(matchId: number): string {
  return `match-${matchId}`;
}

/** Where a table message's notification leads: the table chat. */
export function tablePushUrl(scheduleId: number): string {
  return `/table/${scheduleId}`;
}

/** The notification tag of a table chat: one per meal. */
export function tablePushTag(scheduleId: number): string {
  return `table-${scheduleId}`;
}

/** The Korean body of a table message push (the catalogue's `notifications.tableMessage`); without a name it still reads as a sentence. */
export function tableMessageText(placeName: string, fromName: string): string {
  return format(ko.notifications.tableMessage, { place: placeName, who: fromName ? format(ko.notifications.who, { name: fromName }) : '' });
}

/** The FCM data of a live notification or a table chat message. */
export function pushDataOf(notification: PushSource): PushData {
  if (notification.type === TABLE_MESSAGE) {
    return {
      type: TABLE_MESSAGE,
      matchId: '',
      scheduleId: String(notification.scheduleId),
      title: PUSH_TITLE,
      body: tableMessageText(notification.placeName, notification.fromUser.name),
      url: tablePushUrl(notification.scheduleId),
      tag: tablePushTag(notification.scheduleId),
      createdAt: notification.createdAt,
    };
  }
  const moderation = isModerationNotice(notification.type);
  return {
    type: notification.type,
    matchId: moderation ? '' : String(notification.matchId),
    scheduleId: moderation ? '' : String(notification.scheduleId),
    title: PUSH_TITLE,
    body: notification.message || notificationMessage(notification.type, notification.fromUser.name),
    url: pushUrl(notification.type, notification.matchId),
    tag: moderation ? contentPushTag(notification.target) : pushTag(notification.matchId),
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
 * known type, or no match (a live notification) or meal (a table message). The click URL and tag
 * are rebuilt from the ids, never taken from the payload.
 */
export function parsePushPayload(json: unknown): PushData | null {
  if (!json || typeof json !== 'object') return null;
  const outer = json as { data?: unknown; notification?: unknown };
  const data = (outer.data && typeof outer.data === 'object' ? outer.data : outer) as Record<string, unknown>;
  const shown = (outer.notification && typeof outer.notification === 'object' ? outer.notification : {}) as Record<string, unknown>;
  const type = data.type;
  const matchId = Number(data.matchId);
  const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);
  if (type === TABLE_MESSAGE) {
    const scheduleId = Number(data.scheduleId);
    if (!Number.isInteger(scheduleId) || scheduleId <= 0) return null;
    return {
      type: TABLE_MESSAGE,
      matchId: '',
      scheduleId: String(scheduleId),
      title: text(shown.title) ?? text(data.title) ?? PUSH_TITLE,
      // Without a body (a stripped payload) it still says a message came; the place is unknown here.
      body: text(shown.body) ?? text(data.body) ?? notificationMessage('new_message', ''),
      url: tablePushUrl(scheduleId),
      tag: tablePushTag(scheduleId),
      createdAt: text(data.createdAt) ?? '',
    };
  }
  if (typeof type !== 'string' || !(NOTIFICATION_TYPES as readonly string[]).includes(type)) return null;
  const notificationType = type as NotificationType;
  if (isModerationNotice(notificationType)) {
    // Issue #32 item 1: about the member's own content, no match; it opens the inbox.
    return {
      type: notificationType,
      matchId: '',
      scheduleId: '',
      title: text(shown.title) ?? text(data.title) ?? PUSH_TITLE,
      body: text(shown.body) ?? text(data.body) ?? notificationMessage(notificationType, ''),
      url: pushUrl(notificationType, 0),
      tag: typeof data.tag === 'string' && /^content-[a-z_]+-[1-9][0-9]{0,9}$/.test(data.tag) ? data.tag : contentPushTag(undefined),
      createdAt: text(data.createdAt) ?? '',
    };
  }
  if (!Number.isInteger(matchId) || matchId <= 0) return null;
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
