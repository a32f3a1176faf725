/**
 * `GET /api/chat/{matchId}/history` (SPEC §7; issue #4): the chat of a match, for its host and
 * requester while it is ACCEPTED or CONFIRMED. Sending goes over STOMP (`/app/chat/{matchId}`,
 * server/realtime/stomp-server.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChatHistory, ChatHistoryQuery, ChatParams } from '../../../common/api/chat.ts';
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
          '401 anonymous; 403 not the host/requester or the match is not ACCEPTED/CONFIRMED; 404 unknown match.',
        security: BEARER,
        params: ChatParams,
        querystring: ChatHistoryQuery,
        response: { 200: ChatHistory, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.history(request.user!.id, request.params.matchId, request.query),
  );
};
