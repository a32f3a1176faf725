/**
 * Chat and push-token schemas (SPEC §7: `GET /api/chat/{matchId}/history`, `POST /api/fcm/token`;
 * issue #4; issue #7: `POST /api/chat/{matchId}/messages`, `DELETE /api/fcm/token`). The live
 * payloads themselves are in common/realtime.ts.
 */
import { Type, type Static } from 'typebox';
import { CLIENT_ID_PATTERN } from '../realtime.ts';

/** `{ matchId }` path parameter. */
export const ChatParams = Type.Object({ matchId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export type ChatParams = Static<typeof ChatParams>;

/** History paging: messages with id < `before` (newest page when absent), at most `limit` (default 100, max 200). */
export const ChatHistoryQuery = Type.Object({
  before: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  after: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'only messages with id > after (catching up after a reconnect)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 100 })),
});
export type ChatHistoryQuery = Static<typeof ChatHistoryQuery>;

/** One chat message (same shape as the live payload). */
export const ChatMessageSchema = Type.Object({
  id: Type.Integer(),
  matchId: Type.Integer(),
  senderId: Type.Integer(),
  senderName: Type.String(),
  content: Type.String(),
  clientId: Type.Optional(Type.String({ description: "the sender's client-id (issue #16)" })),
  createdAt: Type.String({ format: 'date-time' }),
  unreadCount: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, description: "issue #30 item 3: 1 while the partner's read position is before it" })),
});

/** The history answer: oldest first. */
export const ChatHistory = Type.Array(ChatMessageSchema);
export type ChatHistory = Static<typeof ChatHistory>;

/**
 * `POST /api/chat/{matchId}/messages` body (issue #7: the HTTP twin of the STOMP SEND, used by the
 * offline outbox). `content` must be 1–1000 characters after trimming (common/realtime.ts
 * CHAT_CONTENT_MIN/MAX; the server answers 400 with a Korean message otherwise); the schema only
 * caps the raw length. `clientId` (issue #16) makes a resend safe.
 */
export const ChatSendBody = Type.Object({
  content: Type.String({ maxLength: 4000 }),
  clientId: Type.Optional(Type.String({ pattern: CLIENT_ID_PATTERN, description: 'a UUID per message (issue #16): a repeat is answered with the stored message and not stored again' })),
});
export type ChatSendBody = Static<typeof ChatSendBody>;

/** `POST /api/fcm/token` and `DELETE /api/fcm/token` body. */
export const PushTokenBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 4096, pattern: '^\\S+$' }) });
export type PushTokenBody = Static<typeof PushTokenBody>;

/** Issue #30: `{kind}` and `{id}` path parameters of `/api/chats/{kind}/{id}/…` (kind 'match': a match id; 'table': a schedule id). */
export const ChatRefParams = Type.Object({
  kind: Type.Union([Type.Literal('match'), Type.Literal('table')]),
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});
export type ChatRefParams = Static<typeof ChatRefParams>;

/** `POST /api/chats/{kind}/{id}/read` body (issue #30 item 3): the newest message id the member has seen. */
export const ChatReadBody = Type.Object({ lastReadId: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }) });
export type ChatReadBody = Static<typeof ChatReadBody>;

/** `POST /api/chats/{kind}/{id}/read` answer: the member's read position now (never moves back) and their unread count. */
export const ChatReadResult = Type.Object({ lastReadId: Type.Integer({ minimum: 0 }), unreadCount: Type.Integer({ minimum: 0 }) });
export type ChatReadResult = Static<typeof ChatReadResult>;

/** `PUT /api/chats/{kind}/{id}/mute` body and answer (issue #30 item 4, 알림 끄기). */
export const ChatMuteBody = Type.Object({ muted: Type.Boolean() });
export type ChatMuteBody = Static<typeof ChatMuteBody>;

/** A table chat message (common/realtime.ts `TableMessage`). */
export const TableMessageSchema = Type.Object({
  id: Type.Integer(),
  scheduleId: Type.Integer(),
  kind: Type.Union([Type.Literal('text'), Type.Literal('system')]),
  senderId: Type.Union([Type.Integer(), Type.Null()]),
  senderName: Type.String(),
  content: Type.String(),
  clientId: Type.Optional(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  unreadCount: Type.Integer({ minimum: 0, description: "members of the table whose read position is before this message (0 for system lines)" }),
});

/** `GET /api/schedules/{id}/chat`: newest first (paged). */
export const TableHistory = Type.Array(TableMessageSchema);
export type TableHistory = Static<typeof TableHistory>;

/** `POST /api/schedules/{id}/chat` body: the HTTP twin of the SEND to `/app/table/{id}`. */
export const TableSendBody = ChatSendBody;

/** A face in a conversation (issue #30 item 4). */
export const ChatFace = Type.Object({ id: Type.Integer(), name: Type.String(), profileImage: Type.Union([Type.String(), Type.Null()]) });

/**
 * One conversation of `GET /api/chats` (issue #30 item 4). Title pieces: `placeName`, `date`,
 * `time` of the meal; for 'match' the `partner`; for 'table' the `memberCount` (host and seated
 * guests) — the client writes "{place} 모임 (N명)". `faces`: up to 4 other members.
 */
export const ChatSummary = Type.Object({
  kind: Type.Union([Type.Literal('match'), Type.Literal('table')]),
  id: Type.Integer(),
  scheduleId: Type.Integer(),
  placeName: Type.String(),
  date: Type.String({ format: 'date' }),
  time: Type.Integer({ minimum: 0, maximum: 23 }),
  partner: Type.Optional(ChatFace),
  memberCount: Type.Integer({ minimum: 1 }),
  faces: Type.Array(ChatFace, { maxItems: 4 }),
  lastMessage: Type.Union([
    Type.Object({
      id: Type.Integer(),
      content: Type.String(),
      kind: Type.Union([Type.Literal('text'), Type.Literal('system')]),
      createdAt: Type.String({ format: 'date-time' }),
      senderId: Type.Union([Type.Integer(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  /** Last activity (the last message, or the conversation's start): the list's order. */
  activityAt: Type.String({ format: 'date-time' }),
  unreadCount: Type.Integer({ minimum: 0 }),
  muted: Type.Boolean(),
  /** Read-only (a cancelled meal, or 24 h after the start for a table). */
  readOnly: Type.Boolean(),
});
export type ChatSummary = Static<typeof ChatSummary>;
export const ChatList = Type.Array(ChatSummary);

/** One member at the table (issue #30 item 1, `GET /api/schedules/{id}/members`). */
export const TableMember = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  profileImage: Type.Union([Type.String(), Type.Null()]),
  role: Type.Union([Type.Literal('host'), Type.Literal('guest')]),
  /** 'HOST' for the host; a guest's match status. */
  status: Type.Union([Type.Literal('HOST'), Type.Literal('ACCEPTED'), Type.Literal('CONFIRMED')]),
  rating: Type.Number({ minimum: 0, maximum: 5 }),
  reviewCount: Type.Integer({ minimum: 0 }),
  mealCount: Type.Integer({ minimum: 0 }),
  noShowCount: Type.Integer({ minimum: 0 }),
  lateCancelCount: Type.Integer({ minimum: 0 }),
});
export type TableMember = Static<typeof TableMember>;

/** What a signed-in member who is not at the table sees: how many are seated (host included) and the host. */
export const TableOutsiderView = Type.Object({ count: Type.Integer({ minimum: 1 }), host: TableMember });
export type TableOutsiderView = Static<typeof TableOutsiderView>;

/** `GET /api/schedules/{id}/members`: the members (for members) or the outsider's view. */
export const TableMembersAnswer = Type.Union([Type.Array(TableMember), TableOutsiderView]);
export type TableMembersAnswer = Static<typeof TableMembersAnswer>;
