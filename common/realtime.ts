/**
 * Live channel contract (SPEC §7 "Live channels", §4 "Live notifications"; issue #4): STOMP
 * destinations and the JSON payloads the server publishes on them. Used by the client, the
 * service worker and the server.
 */
import { koreanDateHour, koreanHour } from './domain/korean-time.ts';
import { format } from './i18n/format.ts';
import { ko } from './i18n/notices.ts';

const text = ko.notifications;

/** The WebSocket path of the STOMP endpoint. */
export const WS_PATH = '/ws';
/** STOMP subprotocols the server accepts. */
export const STOMP_SUBPROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'] as const;

/** `/topic/user/{userId}/notifications`: one member's notifications (only that member may subscribe). */
export const userNotificationsTopic = (userId: number): string => `/topic/user/${userId}/notifications`;
/** `/topic/chat/{matchId}`: a match's chat messages (host and requester of an ACCEPTED/CONFIRMED match). */
export const chatTopic = (matchId: number): string => `/topic/chat/${matchId}`;
/** `/app/chat/{matchId}`: where a participant SENDs `{content}`. */
export const chatSendDestination = (matchId: number): string => `/app/chat/${matchId}`;

/** `/topic/chat/{matchId}/reads` (issue #30 item 3): read positions of a match's chat (`ReadEvent`). */
export const chatReadsTopic = (matchId: number): string => `/topic/chat/${matchId}/reads`;
/** `/topic/table/{scheduleId}` (issue #30 item 2): a meal's table chat (`TableMessage`), for its host and seated guests. */
export const tableTopic = (scheduleId: number): string => `/topic/table/${scheduleId}`;
/** `/app/table/{scheduleId}`: where a table member SENDs `{content}` (same frame rules as `/app/chat/{matchId}`). */
export const tableSendDestination = (scheduleId: number): string => `/app/table/${scheduleId}`;
/** `/topic/table/{scheduleId}/reads` (issue #30 item 3): read positions of a table chat (`ReadEvent`). */
export const tableReadsTopic = (scheduleId: number): string => `/topic/table/${scheduleId}/reads`;
/** `/topic/user/{userId}/chats` (issue #30 item 4): one member's chat list activity (`ChatActivity`); only that member may subscribe. */
export const userChatsTopic = (userId: number): string => `/topic/user/${userId}/chats`;

/** A conversation's kind (issue #30): the 1:1 chat of a match, or the table chat of a meal. */
export type ChatKind = 'match' | 'table';
export const CHAT_KINDS = ['match', 'table'] as const;

/**
 * A table chat message (issue #30 item 2), as published on `/topic/table/{scheduleId}` and answered
 * by `GET /api/schedules/{id}/chat`. `kind: 'system'` lines (joined, left, time/place changed, meal
 * cancelled) carry the Korean line in `content` and `senderId` of the member they are about (or
 * the host); `unreadCount` is the number of the table's members whose read position is before it
 * (0 for system lines).
 */
export interface TableMessage {
  id: number;
  scheduleId: number;
  kind: 'text' | 'system';
  senderId: number | null;
  senderName: string;
  content: string;
  clientId?: string;
  createdAt: string;
  unreadCount: number;
}

/**
 * A read position moved (issue #30 item 3), on `/topic/table/{id}/reads` and
 * `/topic/chat/{matchId}/reads`: member `userId` has read up to `lastReadId` (was `previousReadId`).
 * Each message with `previousReadId < id <= lastReadId` not sent by `userId` has one unread member fewer.
 */
export interface ReadEvent {
  kind: ChatKind;
  /** The match id (kind 'match') or the schedule id (kind 'table'). */
  id: number;
  userId: number;
  lastReadId: number;
  previousReadId: number;
}

/**
 * A conversation got a message (issue #30 item 4), on the member's `/topic/user/{id}/chats`: the
 * client moves its row to the top and sets its unread count without refetching the list.
 */
export interface ChatActivity {
  kind: ChatKind;
  id: number;
  lastMessage: { id: number; content: string; kind: 'text' | 'system'; createdAt: string; senderId: number | null };
  /** The member's unread messages in it now. */
  unreadCount: number;
  muted: boolean;
}

/**
 * `/user/queue/errors` (issue #16): each session's own error queue. A SEND that is authorised but
 * refused (blank or over-long content, a cancelled match's chat) is answered here with a
 * `StompUserError` instead of an ERROR frame, and the connection stays open.
 */
export const USER_ERRORS_DESTINATION = '/user/queue/errors';

/** A MESSAGE body on `/user/queue/errors`: a lower-case `code`, a Korean `message`, what was refused. */
export interface StompUserError {
  code: string;
  message: string;
  /** The SEND's destination (or the refused SUBSCRIBE's, issue #32 item 5). */
  destination: string;
  /** The refused frame's `receipt` header, when it had one (no RECEIPT is sent for it). */
  receiptId?: string;
}

/** Chat text limits (trimmed), in characters. */
export const CHAT_CONTENT_MIN = 1;
export const CHAT_CONTENT_MAX = 1000;

/** What a client SENDs to `/app/chat/{matchId}`. `senderId`/`senderName` are ignored by the server. */
export interface ChatSendBody {
  content: string;
  senderId?: number;
  senderName?: string;
}

/** A stored chat message, as published on `/topic/chat/{matchId}` and answered by the history call. */
export interface ChatMessage {
  id: number;
  matchId: number;
  senderId: number;
  senderName: string;
  content: string;
  /** The sender's `client-id` for it, when the SEND carried one (issue #16). */
  clientId?: string;
  /** ISO 8601 instant. */
  createdAt: string;
  /** Issue #30 item 3: 1 while the partner's read position is before it, else 0 (history and live). */
  unreadCount?: number;
}

/**
 * A chat SEND's `client-id` header / `clientId` body field (issue #16): a UUID the sender picks per
 * message; a repeat from the same sender is acknowledged again but stored and delivered once.
 */
export const CLIENT_ID_PATTERN = '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$';
/** True for a well-formed `client-id`. */
export const isClientId = (value: unknown): value is string => typeof value === 'string' && new RegExp(CLIENT_ID_PATTERN).test(value);

/**
 * The notification types SPEC §4 names, plus the meal lifecycle (issue #15):
 * - `match_cancelled`: the other side cancelled an accepted or confirmed match (`reason` when given);
 * - `match_withdrawn`: the requester withdrew a PENDING request (to the host);
 * - `schedule_cancelled`: the host deleted the schedule, to each requester whose request stood;
 * - `schedule_full`: the last seat was taken; the addressee's PENDING request is waitlisted;
 * - `seat_opened`: a full schedule has a free seat again (to the host and the waitlisted);
 * - `partner_arrived`: the partner pressed "도착했어요";
 * - `meal_reminder`: a confirmed meal starts soon (REMINDER_LEAD_MINUTES before);
 * - `schedule_changed` (issue #28 item 4): the host moved the meal (time or place), to each accepted
 *   or confirmed guest; `previous` is the meal before the change;
 * - `marked_absent` (issue #28 item 1): the partner said the addressee did not come (they may dispute it);
 * - `content_hidden` (issue #32 item 1): the addressee's content was hidden (by reports or an admin):
 *   what, why, and that they may appeal once from the inbox (`POST /api/reports/appeal`);
 * - `content_restored` / `appeal_rejected`: an admin showed it again (다시 보이기) / kept it hidden
 *   (숨김 유지) after reviewing it.
 * The three moderation notices (`MODERATION_NOTICE_TYPES`) carry no match nor meal (`matchId` and
 * `scheduleId` are 0 live, absent in the inbox) but `target`, the content they are about.
 */
export const NOTIFICATION_TYPES = [
  'new_match_request',
  'match_accepted',
  'match_rejected',
  'match_confirmed',
  'new_message',
  'match_cancelled',
  'match_withdrawn',
  'schedule_cancelled',
  'schedule_full',
  'seat_opened',
  'partner_arrived',
  'meal_reminder',
  'schedule_changed',
  'marked_absent',
  'content_hidden',
  'content_restored',
  'appeal_rejected',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The notices about a member's own content and its moderation (issue #32 item 1): no match, a `target`. */
export const MODERATION_NOTICE_TYPES = ['content_hidden', 'content_restored', 'appeal_rejected'] as const;
export type ModerationNoticeType = (typeof MODERATION_NOTICE_TYPES)[number];
/** True for `content_hidden`, `content_restored` and `appeal_rejected`. */
export const isModerationNotice = (type: string): type is ModerationNoticeType => (MODERATION_NOTICE_TYPES as readonly string[]).includes(type);

/** The kinds of content a moderation notice is about (common/api/reports.ts APPEAL_TARGET_TYPES). */
export type NoticeTargetType = 'schedule' | 'post' | 'comment' | 'review' | 'message' | 'table_message';
/** The content a moderation notice is about: `POST /api/reports/appeal {targetType: type, targetId: id}`. */
export interface NoticeTarget {
  type: NoticeTargetType;
  id: number;
}

/** The meal a notification is about: place, KST date `YYYY-MM-DD` and hour 0–23. */
export interface MealRef {
  placeName: string;
  date: string;
  time: number;
}

/** A notification, as published on `/topic/user/{id}/notifications`. */
export interface LiveNotification {
  type: NotificationType;
  matchId: number;
  scheduleId: number;
  fromUser: { id: number; name: string };
  /** The Korean text of UI-TEXT.md "Live notifications". */
  message: string;
  /** The meal it is about (issue #15; absent on older servers). */
  meal?: MealRef;
  /** A cancellation's reason, when the member gave one (issue #15). */
  reason?: string | null;
  /** `schedule_changed` (issue #28 item 4): the meal before the change. */
  previous?: MealRef;
  /** ISO 8601 instant. */
  createdAt: string;
  /**
   * The stored inbox item's id (issue #16: `GET /api/notifications`, `POST /api/notifications/read`).
   * A `new_message` that collapsed into an unread item carries that item's id again. Absent from
   * older servers.
   */
  id?: number;
  /** The page it opens: `/chat/{matchId}` for new_message, `/notifications` for a moderation notice, otherwise `/match-requests` (common/push.ts `pushUrl`; issue #16). */
  link?: string;
  /** A moderation notice's content (issue #32 item 1). */
  target?: NoticeTarget;
}

/** What some messages name besides the member (issue #15). */
export interface NotificationContext {
  meal?: MealRef;
  /** `schedule_changed`: the meal before the change (issue #28 item 4). */
  previous?: MealRef;
  /** `match_cancelled` / `schedule_cancelled`: the reason given (issue #28 item 9). */
  reason?: string | null;
  /** "Now", to say 오늘/내일 in reminders. */
  now?: Date;
  /**
   * A moderation notice (issue #32 item 1): what the content is, with its subject particle
   * ("글이", "후기가"; the server adds it with es-hangul `josa`), and the report reason's label.
   */
  content?: { what: string; reason?: string };
}

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
/** A KST date `YYYY-MM-DD` of an instant. */
const kstDate = (at: Date) => new Date(at.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);

/** "12월 14일 (월) 오후 6시" of a meal (KST date and hour; common/domain/korean-time, issue #18). */
export function mealWhen(meal: MealRef): string {
  return koreanDateHour(meal.date, meal.time);
}

/** "오늘 오후 6시", "내일 오후 12시" or "12월 14일 (월) 오후 6시" as seen at `now`. */
function mealWhenFrom(meal: MealRef, now: Date): string {
  const today = kstDate(now);
  const tomorrow = kstDate(new Date(now.getTime() + 24 * 60 * 60 * 1000));
  if (meal.date === today) return format(text.today, { hour: koreanHour(meal.time) });
  if (meal.date === tomorrow) return format(text.tomorrow, { hour: koreanHour(meal.time) });
  return mealWhen(meal);
}

/** "12월 14일 (월) 오후 6시 을지로 칼국수". */
const mealLine = (meal: MealRef) => format(text.meal, { when: mealWhen(meal), place: meal.placeName });

/**
 * The Korean text of each notification (UI-TEXT.md "Live notifications", 해요체), from the
 * catalogue (common/i18n/notices.ts, issue #29 item 4). Issue #28 item 9: every lifecycle notice
 * names the person, the date, the hour and the place ("김민지님이 11월 28일 (토) 오후 7시 서린동
 * 훠궈 정원 약속을 확정했어요."); a cancellation adds its reason.
 */
export function notificationMessage(type: NotificationType, fromName: string, context: NotificationContext = {}): string {
  const { meal } = context;
  const values = {
    // A push without the sender's name (parsePushPayload's fallback) still reads as a sentence.
    who: fromName ? format(text.who, { name: fromName }) : '',
    about: meal ? format(text.about, { when: mealWhen(meal), place: meal.placeName }) : '',
    at: meal ? format(text.at, { place: meal.placeName }) : '',
    because: context.reason ? format(text.because, { reason: context.reason }) : '',
    what: context.content?.what ?? text.content,
    why: context.content?.reason ? format(text.because, { reason: context.content.reason }) : '',
  };
  switch (type) {
    case 'schedule_changed': {
      const before = context.previous;
      if (!meal || !before) return format(text.noMeal.schedule_changed, values);
      return format(text.text.schedule_changed, { ...values, before: mealLine(before), after: mealLine(meal) });
    }
    case 'meal_reminder':
      if (!meal) return text.noMeal.meal_reminder;
      return format(text.text.meal_reminder, { when: mealWhenFrom(meal, context.now ?? new Date()), place: meal.placeName });
    default:
      return format(text.text[type], values);
  }
}

