/**
 * Live channel contract (SPEC §7 "Live channels", §4 "Live notifications"; issue #4): STOMP
 * destinations and the JSON payloads the server publishes on them. Used by the client, the
 * service worker and the server.
 */

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

/** Parses a destination into what it names, or `null` when it is none of ours. */
export function parseDestination(
  destination: string,
): { kind: 'user'; userId: number } | { kind: 'chat-topic'; matchId: number } | { kind: 'chat-send'; matchId: number } | null {
  let m = /^\/topic\/user\/([1-9][0-9]{0,9})\/notifications$/.exec(destination);
  if (m) return { kind: 'user', userId: Number(m[1]) };
  m = /^\/topic\/chat\/([1-9][0-9]{0,9})$/.exec(destination);
  if (m) return { kind: 'chat-topic', matchId: Number(m[1]) };
  m = /^\/app\/chat\/([1-9][0-9]{0,9})$/.exec(destination);
  if (m) return { kind: 'chat-send', matchId: Number(m[1]) };
  return null;
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
  /** ISO 8601 instant. */
  createdAt: string;
}

/**
 * The notification types SPEC §4 names, plus `schedule_deleted` (issue #14): the host deleted a
 * schedule, sent to each requester whose request still stood, so their open lists drop it.
 */
export const NOTIFICATION_TYPES = ['new_match_request', 'match_accepted', 'match_rejected', 'match_confirmed', 'new_message', 'schedule_deleted'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A notification, as published on `/topic/user/{id}/notifications`. */
export interface LiveNotification {
  type: NotificationType;
  matchId: number;
  scheduleId: number;
  fromUser: { id: number; name: string };
  /** The Korean text of UI-TEXT.md "Live notifications". */
  message: string;
  /** ISO 8601 instant. */
  createdAt: string;
}

/** The Korean text of each notification (UI-TEXT.md "Live notifications"). */
export function notificationMessage(type: NotificationType, fromName: string): string {
  switch (type) {
    case 'new_match_request':
      return `${fromName}님이 매칭을 신청했습니다.`;
    case 'match_accepted':
      return `${fromName}님이 매칭을 수락했습니다.`;
    case 'match_rejected':
      return '매칭 요청이 거절되었습니다.';
    case 'match_confirmed':
      return '매칭이 확정되었습니다.';
    case 'new_message':
      return `${fromName}님이 새 메시지를 보냈습니다.`;
    case 'schedule_deleted':
      return `${fromName}님이 일정을 삭제했어요.`;
  }
}
