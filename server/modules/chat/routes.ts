/**
 * `GET /api/chat/{matchId}/history` (SPEC §7; issue #4): the chat of a match, for its host and
 * requester while it is ACCEPTED or CONFIRMED. Sending goes over STOMP (`/app/chat/{matchId}`,
 * server/modules/chat/live.ts) or, for the client's offline outbox (issue #7),
 * `POST /api/chat/{matchId}/messages` — the same store-publish-notify path (`app.publishChat`).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChatHistory, ChatHistoryQuery, ChatMessageSchema, ChatParams, ChatSendBody } from '../../../common/api/chat.ts';
import { errorResponses } from '../../lib/http.ts';
import { BEARER } from '../../plugins/docs.ts';
import { createChatService } from './service.ts';

/** Registers the chat history route. */
export const chatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createChatService(app.db);
  app.get(
    '/api/chat/:matchId/history',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags: ['chat'],
        summary: '채팅 기록',
        description:
          'Messages `{id, matchId, senderId, senderName, content, createdAt}` oldest first: the newest `limit` (default 100, max 200) ' +
          'with id < `before` (all when absent), or with `after` the oldest `limit` with id > `after` (catching up after a reconnect). ' +
          '401 anonymous; 403 not the host/requester or the match is not ACCEPTED/CONFIRMED/CANCELLED (a cancelled match\'s history stays readable, issue #15); 404 unknown match.',
        security: BEARER,
        params: ChatParams,
        querystring: ChatHistoryQuery,
        response: { 200: ChatHistory, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.history(request.user!.id, request.params.matchId, request.query),
  );

  app.post(
    '/api/chat/:matchId/messages',
    {
      // The chat budget (per minute and per 10 s, shared with the live channel) is counted by app.publishChat.
      preHandler: [app.requireAuth],
      schema: {
        tags: ['chat'],
        summary: '채팅 메시지 보내기',
        description:
          'Body `{ content }`: 1–1000 characters after trimming (the same rules as the STOMP SEND to `/app/chat/{matchId}`). ' +
          '201 the stored message `{id, matchId, senderId, senderName, content, createdAt}`; it is published to `/topic/chat/{matchId}` ' +
          'and the other participant gets `new_message` (live and push). Honours `Idempotency-Key` (an outbox replay stores one message) and, issue #16, ' +
          'an optional `clientId` (UUID): a repeat from the same sender answers the first stored message and stores and delivers nothing more (409 CLIENT_ID_REUSED if it was used in another chat). ' +
          '400 invalid content; 401 anonymous; 403 not the host/requester or the match is not ACCEPTED/CONFIRMED; 404 unknown match; ' +
          "409 CHAT_CLOSED '취소된 약속이에요.' when the match was cancelled (issue #15); " +
          "400 INAPPROPRIATE_TEXT '부적절한 표현이 포함되어 있어요.' when the content holds a refused word (issue #17 item 7, server/lib/content-filter.ts; neither stored nor delivered). " +
          `429 RATE_LIMITED (with Retry-After) over ${app.rateLimits.chatSendPerUser.max} messages per member per minute or ${app.rateLimits.chatSendBurst.max} per 10 s, counted over HTTP and the live channel together (issue #32 item 3); nothing is stored.`,
        security: BEARER,
        params: ChatParams,
        body: ChatSendBody,
        response: { 201: ChatMessageSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await app.publishChat(request.user!.id, request.params.matchId, request.body.content, request.body.clientId)),
  );
};
