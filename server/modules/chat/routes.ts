/**
 * The chat of a match over HTTP (common/api/chat.ts `chatHistory`, `sendChatMessage`): the history
 * for its host and requester while it is ACCEPTED or CONFIRMED (a cancelled match's history stays
 * readable). Sending goes over STOMP (`/app/chat/{matchId}`, server/modules/chat/live.ts) or, for
 * the client's offline outbox, `POST /api/chat/{matchId}/messages` — the same store-publish-notify
 * path (`app.publishChat`, which also counts the chat budget shared with the live channel).
 */
import type { FastifyPluginAsync } from 'fastify';
import { chatHistory, sendChatMessage } from '../../../common/api/chat.ts';
import { route } from '../../plugins/operations.ts';
import { createChatService } from './service.ts';

/** Registers the chat history and send routes. */
export const chatRoutes: FastifyPluginAsync = async (app) => {
  const service = createChatService(app.db);

  route(app, chatHistory, async (request) => service.history(request.member.id, request.params.matchId, request.query));

  route(app, sendChatMessage, async (request, reply) =>
    reply.code(201).send(await app.publishChat(request.member.id, request.params.matchId, request.body.content, request.body.clientId)),
  );
};
