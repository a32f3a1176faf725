/**
 * Chat and push-token schemas (SPEC §7: `GET /api/chat/{matchId}/history`, `POST /api/fcm/token`;
 * issue #4; issue #7: `POST /api/chat/{matchId}/messages`, `DELETE /api/fcm/token`). The live
 * payloads themselves are in common/realtime.ts.
 */
import { Type, type Static } from 'typebox';
import { CLIENT_ID_PATTERN } from '../realtime.ts';
import { defineOperation } from './operation.ts';

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

const chatTags = ['chat'] as const;

/** A match's chat history, oldest first (`before` / `after` paging by message id). */
export const chatHistory = defineOperation({
  method: 'GET',
  path: '/api/chat/{matchId}/history',
  auth: 'member',
  summary: '채팅 기록',
  description:
    "Lists a match's chat messages oldest first for its host and requester while the match is accepted, confirmed or cancelled: the newest `limit` (default 100, at most 200) with an id below `before`, or with `after` the oldest `limit` above it.",
  tags: chatTags,
  params: ChatParams,
  querystring: ChatHistoryQuery,
  responses: { 200: ChatHistory },
  errors: ['MATCH_NOT_FOUND', 'CHAT_FORBIDDEN'],
});

/** Sends a chat message over HTTP (the offline outbox's twin of the STOMP SEND). */
export const sendChatMessage = defineOperation({
  method: 'POST',
  path: '/api/chat/{matchId}/messages',
  auth: 'member',
  summary: '채팅 메시지 보내기',
  description:
    'Stores `content` (1–1000 characters after trimming) in the chat of an accepted or confirmed match, publishes it to `/topic/chat/{matchId}` and tells the partner, answering the stored message; a repeated `clientId` answers the first stored message without storing it again.',
  tags: chatTags,
  params: ChatParams,
  body: ChatSendBody,
  responses: { 201: ChatMessageSchema },
  // RATE_LIMITED: the chat budget (per minute and per 10 s, shared with the live channel) is counted by `app.publishChat`, not by a route limiter.
  errors: ['CHAT_CONTENT_LENGTH', 'INAPPROPRIATE_TEXT', 'MATCH_NOT_FOUND', 'CHAT_FORBIDDEN', 'CHAT_CLOSED', 'CHAT_BLOCKED', 'CLIENT_ID_REUSED', 'RATE_LIMITED'],
});
