/**
 * The table (a meal's host and its accepted and confirmed guests, up to 8) and the conversations
 * list (issue #30 items 1–4), described once (issue #29 item 1); the schemas are in ./chat.ts.
 * - `GET /api/schedules/{id}/members`: who is coming;
 * - `GET /api/schedules/{id}/chat`, `POST /api/schedules/{id}/chat`: the table chat's history
 *   (newest first, paged) and its HTTP send (the twin of the SEND to `/app/table/{id}`);
 * - `POST /api/chats/{kind}/{id}/read`, `PUT /api/chats/{kind}/{id}/mute`: the member's read
 *   position and 알림 끄기 in a 1:1 ('match') or table ('table') chat;
 * - `GET /api/chats`: every conversation of the member, newest activity first (paged).
 */
import { Type, type Static } from 'typebox';
import { ChatList, ChatMuteBody, ChatReadBody, ChatReadResult, ChatRefParams, TableHistory, TableMembersAnswer, TableMessageSchema, TableSendBody } from './chat.ts';
import { defineOperation } from './operation.ts';
import { PageParams } from './paging.ts';
import { IdParams } from './schedules.ts';

/** `limit` and `cursor` of the table chat's history and of the chat list. */
export const ChatPageQuery = Type.Object({ ...PageParams }, { additionalProperties: false });
export type ChatPageQuery = Static<typeof ChatPageQuery>;

const tags = ['chat'] as const;

/** Who is coming: every member for a member of the table, `{count, host}` for anyone else. */
export const listTableMembers = defineOperation({
  method: 'GET',
  path: '/api/schedules/{id}/members',
  auth: 'member',
  summary: '함께하는 사람',
  description:
    'Answers the host and the accepted and confirmed guests of meal `id` (host first, then guests in the order they were accepted, each with `role`, `status` and their figures) to any of them, and `{count, host}` to any other member, while the meal is neither deleted nor hidden from the caller by a block.',
  tags: ['schedules'],
  params: IdParams,
  responses: { 200: TableMembersAnswer },
  errors: ['TABLE_NOT_FOUND'],
});

/** The table chat's history, newest first (paged by message id). */
export const tableHistory = defineOperation({
  method: 'GET',
  path: '/api/schedules/{id}/chat',
  auth: 'member',
  summary: '모임 채팅 기록',
  description:
    "Lists the table chat of meal `id` newest first for its current members (a cancelled meal's members keep reading), each message with `unreadCount`, the members whose read position is before it (0 for system lines), paged by `limit` and `cursor`.",
  tags,
  params: IdParams,
  querystring: ChatPageQuery,
  responses: { 200: TableHistory },
  errors: ['TABLE_NOT_FOUND', 'NOT_TABLE_MEMBER'],
  paged: true,
});

/** Sends a table chat message over HTTP (the offline outbox's twin of the STOMP SEND). */
export const sendTableMessage = defineOperation({
  method: 'POST',
  path: '/api/schedules/{id}/chat',
  auth: 'member',
  summary: '모임 채팅 메시지 보내기',
  description:
    'Stores `content` (1–1000 characters after trimming) in the table chat of meal `id` while the meal stands and until 24 hours after its start, publishes it to `/topic/table/{id}` and tells the other members, answering the stored message; a repeated `clientId` answers the first stored message without storing it again.',
  tags,
  params: IdParams,
  body: TableSendBody,
  responses: { 201: TableMessageSchema },
  // RATE_LIMITED: the chat budget (shared with the 1:1 chat and the live channel) is counted by `app.publishTable`, not by a route limiter.
  errors: ['CHAT_CONTENT_LENGTH', 'INAPPROPRIATE_TEXT', 'TABLE_NOT_FOUND', 'NOT_TABLE_MEMBER', 'CHAT_CLOSED', 'CHAT_READ_ONLY', 'CLIENT_ID_REUSED', 'RATE_LIMITED'],
});

/** Moves the caller's read position in a 1:1 or table chat. */
export const markChatRead = defineOperation({
  method: 'POST',
  path: '/api/chats/{kind}/{id}/read',
  auth: 'member',
  summary: '채팅 읽음 표시',
  description:
    "Moves the caller's read position in the `match` or `table` chat `id` forward to `lastReadId` (clamped to its newest message, never back), publishing a read event on the chat's reads topic when it moved, and answers `{lastReadId, unreadCount}`.",
  tags,
  params: ChatRefParams,
  body: ChatReadBody,
  responses: { 200: ChatReadResult },
  errors: ['MATCH_NOT_FOUND', 'CHAT_FORBIDDEN', 'TABLE_NOT_FOUND', 'NOT_TABLE_MEMBER'],
});

/** 알림 끄기: silences push and toasts of one conversation. */
export const muteChat = defineOperation({
  method: 'PUT',
  path: '/api/chats/{kind}/{id}/mute',
  auth: 'member',
  summary: '채팅 알림 끄기',
  description: 'Sets whether the `match` or `table` chat `id` is muted for the caller (no push or toast for its messages, counts kept) and answers `{muted}`.',
  tags,
  params: ChatRefParams,
  body: ChatMuteBody,
  responses: { 200: ChatMuteBody },
  errors: ['MATCH_NOT_FOUND', 'CHAT_FORBIDDEN', 'TABLE_NOT_FOUND', 'NOT_TABLE_MEMBER'],
});

/** Every conversation of the caller, newest activity first (paged). */
export const listChats = defineOperation({
  method: 'GET',
  path: '/api/chats',
  auth: 'member',
  summary: '채팅 목록',
  description:
    "Lists the caller's conversations, the 1:1 chats of their accepted and confirmed matches (a cancelled one while it holds a message, not the ones they hid) and the table chats they sit at, by last activity newest first with the last message, unread count, mute and read-only state, paged by `limit` and `cursor`.",
  tags,
  querystring: ChatPageQuery,
  responses: { 200: ChatList },
  errors: [],
  paged: true,
});
