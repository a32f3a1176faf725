/**
 * Issue #30 routes (the table, its chat and the chat list):
 * - `GET /api/schedules/{id}/members` (item 1): who is coming;
 * - `GET /api/schedules/{id}/chat` (item 2): the table chat's history, newest first, paged;
 *   `POST /api/schedules/{id}/chat`: the HTTP twin of the SEND to `/app/table/{id}` (offline outbox);
 * - `POST /api/chats/{kind}/{id}/read` (item 3): the member's read position;
 * - `GET /api/chats`, `PUT /api/chats/{kind}/{id}/mute` (item 4): the chat list and 알림 끄기.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ChatList,
  ChatMuteBody,
  ChatReadBody,
  ChatReadResult,
  ChatRefParams,
  TableHistory,
  TableMembersAnswer,
  TableMessageSchema,
  TableSendBody,
} from '../../../common/api/chat.ts';
import { PageParams } from '../../../common/api/paging.ts';
import { IdParams } from '../../../common/api/schedules.ts';
import { decodeCursor, IdCursor, pageLimit, sendPage } from '../../lib/paging.ts';
import { errorResponses } from '../../lib/http.ts';
import { BEARER } from '../../plugins/docs.ts';
import type { Clock } from '../../lib/clock.ts';
import { createChatService } from './service.ts';
import { setMuted } from './states.ts';
import { ChatListCursor, createChatList } from './list.ts';

const PAGING =
  ' Paged like every list (issue #19): `?limit=` (default 20, above 100 → 100), `?cursor=` from the previous answer\'s `Link: <…>; rel="next"` ' +
  "(absent on the last page); a cursor the server did not issue → 400 INVALID_CURSOR.";

/** Registers the issue #30 routes (after `tableLivePlugin`). */
export const tableRoutes: FastifyPluginAsyncTypebox<{ now: Clock }> = async (app, opts) => {
  const chats = createChatList({ db: app.db, now: opts.now });
  const chat = createChatService(app.db);

  app.get(
    '/api/schedules/:id/members',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags: ['schedules'],
        summary: '함께하는 사람',
        description:
          'Issue #30 item 1. For the host and the accepted and confirmed guests: an array of `{id, name, profileImage, role: "host"|"guest", status: "HOST"|"ACCEPTED"|"CONFIRMED", ' +
          'rating, reviewCount, mealCount, noShowCount, lateCancelCount}`, host first, then guests in the order they were accepted. ' +
          'Any other signed-in member (pending, rejected, cancelled, a stranger): `{count, host}` — how many are seated, host included, and the host\'s entry. ' +
          '401 anonymous; 404 unknown or deleted meal, and when the caller and the host blocked each other (issue #17: the meal is hidden from them).',
        security: BEARER,
        params: IdParams,
        response: { 200: TableMembersAnswer, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => app.tables.members(request.user!.id, request.params.id),
  );

  app.get(
    '/api/schedules/:id/chat',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags: ['chat'],
        summary: '모임 채팅 기록',
        description:
          'Issue #30 item 2: the table chat of meal `id`, NEWEST FIRST: `{id, scheduleId, kind: "text"|"system", senderId, senderName, content, clientId?, createdAt, unreadCount}` ' +
          '(`unreadCount`: members whose read position is before it; 0 for system lines). Keyset on id; a new member sees it from the start.' +
          PAGING +
          ' 401 anonymous; 403 not a member now (pending, rejected, a guest who left, was cancelled or removed, a stranger); 404 unknown meal. A cancelled meal\'s members keep reading.',
        security: BEARER,
        params: IdParams,
        querystring: Type.Object({ ...PageParams }, { additionalProperties: false }),
        response: { 200: TableHistory, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const limit = pageLimit(request.query.limit);
      const after = decodeCursor(request.query.cursor, IdCursor);
      const rows = await app.tables.history(request.user!.id, request.params.id, { before: after?.[0], limit: limit + 1 });
      return sendPage(request, reply, rows, limit, (m) => [m.id]);
    },
  );

  app.post(
    '/api/schedules/:id/chat',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags: ['chat'],
        summary: '모임 채팅 메시지 보내기',
        description:
          'Body `{content, clientId?}`: the same rules as the SEND to `/app/table/{id}`. 201 the stored message (published on `/topic/table/{id}`). ' +
          '400 blank / over 1000 characters / INAPPROPRIATE_TEXT; 401; 403 not a member; 404 unknown meal; ' +
          "409 CHAT_CLOSED '취소된 약속이에요.' (the meal was cancelled), 409 CHAT_READ_ONLY (24 h after the start), 409 CLIENT_ID_REUSED; 429 RATE_LIMITED (the chat budget, shared with the 1:1 chat).",
        security: BEARER,
        params: IdParams,
        body: TableSendBody,
        response: { 201: TableMessageSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await app.publishTable(request.user!.id, request.params.id, request.body.content, request.body.clientId)),
  );

  app.post(
    '/api/chats/:kind/:id/read',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags: ['chat'],
        summary: '채팅 읽음 표시',
        description:
          'Issue #30 item 3. `kind` "match" (id = the match) or "table" (id = the schedule). Body `{lastReadId}`: the newest message the member has seen ' +
          '(clamped to the conversation\'s newest; a read position never moves back). Answers `{lastReadId, unreadCount}`. When it moved, a `ReadEvent` ' +
          '`{kind, id, userId, lastReadId, previousReadId}` goes to `/topic/chat/{matchId}/reads` or `/topic/table/{id}/reads`. 401; 403 not a member; 404 unknown.',
        security: BEARER,
        params: ChatRefParams,
        body: ChatReadBody,
        response: { 200: ChatReadResult, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.publishRead(request.user!.id, request.params.kind, request.params.id, request.body.lastReadId),
  );

  app.put(
    '/api/chats/:kind/:id/mute',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags: ['chat'],
        summary: '채팅 알림 끄기',
        description:
          'Issue #30 item 4: `{muted}` silences push and toasts for the conversation (counts are kept). Answers `{muted}`. 401; 403 not a member; 404 unknown.',
        security: BEARER,
        params: ChatRefParams,
        body: ChatMuteBody,
        response: { 200: ChatMuteBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      if (kind === 'table') await app.tables.requireTable(request.user!.id, id, 'read');
      else await chat.requireRoom(request.user!.id, id, 'read');
      await setMuted(app.db, request.user!.id, kind, id, request.body.muted);
      return { muted: request.body.muted };
    },
  );

  app.get(
    '/api/chats',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags: ['chat'],
        summary: '채팅 목록',
        description:
          'Issue #30 item 4: every conversation of the member — 1:1 chats of ACCEPTED/CONFIRMED matches (a CANCELLED one while it holds a message; not the ones they hid) and the table chats ' +
          'they are a member of — by last activity, newest first: `{kind, id, scheduleId, placeName, date, time, partner? (match), memberCount, faces (≤ 4 others), ' +
          'lastMessage {id, content, kind, createdAt, senderId} | null, activityAt, unreadCount, muted, readOnly}`. Live: `/topic/user/{id}/chats` (`ChatActivity`).' +
          PAGING +
          ' 401 anonymous.',
        security: BEARER,
        querystring: Type.Object({ ...PageParams }, { additionalProperties: false }),
        response: { 200: ChatList, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const limit = pageLimit(request.query.limit);
      const after = decodeCursor(request.query.cursor, ChatListCursor);
      const rows = await chats.list(request.user!.id, limit + 1, after);
      return sendPage(request, reply, rows, limit, (r) => r.key).map((r) => r.summary);
    },
  );
};
