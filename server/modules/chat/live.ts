/**
 * The chat's side of the live channel (issue #4; issue #16 item 8: the chat module registers the
 * destinations it owns, so the STOMP server knows no module):
 * - `/topic/chat/{matchId}`: SUBSCRIBE for the host and requester of an ACCEPTED or CONFIRMED match,
 *   across a block between them 409 CHAT_BLOCKED on `/user/queue/errors` (issue #32 item 5);
 * - `/app/chat/{matchId}`: SEND `{content}` (optional `client-id` header, a UUID: a repeat from the
 *   same sender is acknowledged but stored and delivered once). Refusals: 400 blank / over 1000
 *   characters, 400 INAPPROPRIATE_TEXT (the content filter, issue #17 item 7: neither stored nor
 *   delivered) and 409 CHAT_CLOSED go to the sender's `/user/queue/errors`; 403/404 (not a
 *   participant) end the session; a body that is not JSON `{content: string}` is a protocol error;
 * - `app.publishChat(senderId, matchId, content, clientId?)`: stores the message, publishes it to
 *   `/topic/chat/{matchId}` and notifies the other participant (`new_message`); the STOMP SEND
 *   and `POST /api/chat/{matchId}/messages` both use it;
 * - `chatEndingNotifier`: when a match is cancelled or withdrawn (also each match of a deleted
 *   schedule, issue #15) its chat subscriptions end on every instance.
 */
import fp from 'fastify-plugin';
import { chatReadsTopic, chatTopic, type ChatMessage } from '../../../common/realtime.ts';
import type { MatchEvent, Notifier } from '../../plugins/notifier.ts';
import { destinationId, sendContent } from './destinations.ts';
import { createChatService } from './service.ts';
import { isMuted } from './states.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stores, publishes and notifies one chat message; answers the stored message. Throws the chat
     * service's AppErrors: 400 content not 1–1000 characters after trimming, 403 not a participant
     * or chat not open, 404 unknown match, 409 CHAT_CLOSED / CLIENT_ID_REUSED; and 429 RATE_LIMITED
     * over the member's chat budget (issue #32 item 3), before anything is stored.
     */
    publishChat: (senderId: number, matchId: number, content: string, clientId?: string) => Promise<ChatMessage>;
  }
}

/** The events after which a match's chat is over (issue #15). */
const CHAT_ENDING: ReadonlySet<MatchEvent['type']> = new Set(['match_cancelled', 'match_withdrawn', 'schedule_cancelled']);

/** Ends the chat subscriptions of a cancelled or withdrawn match on every instance (runs before the live notifier). */
export function chatEndingNotifier(app: { endLiveDestination: (destination: string) => Promise<void> }): Notifier {
  return {
    async notify(event) {
      if (CHAT_ENDING.has(event.type)) {
        await app.endLiveDestination(chatTopic(event.matchId));
        await app.endLiveDestination(chatReadsTopic(event.matchId));
      }
    },
  };
}

/** Registers `app.publishChat` and the chat destinations (after db, broker and the notifier). */
export const chatLivePlugin = fp(
  async (app) => {
    const chat = createChatService(app.db);
    // Issue #32 item 3: one chat budget per member over HTTP and the live channel together (per
    // minute and per 10 s; shared through Redis with REDIS_URL). Over it: 429 RATE_LIMITED, nothing stored.
    const perMinute = app.budget('chat-send', app.rateLimits.chatSendPerUser);
    const perBurst = app.budget('chat-burst', app.rateLimits.chatSendBurst);
    app.decorate('publishChat', async (senderId: number, matchId: number, content: string, clientId?: string): Promise<ChatMessage> => {
      await perBurst(String(senderId));
      await perMinute(String(senderId));
      const { message, room, duplicate } = await chat.send(senderId, matchId, content, clientId);
      // A repeated client-id (issue #16): acknowledged with the stored message, delivered once.
      if (duplicate) return message;
      await app.broker.publish({ destination: chatTopic(matchId), body: JSON.stringify(message) });
      const toUserId = room.hostId === senderId ? room.requesterId : room.hostId;
      // 알림 끄기 (issue #30 item 4): a muted chat sends no toast, push or inbox item; its row in the
      // chat list still moves and counts the message as unread (below).
      if (!(await isMuted(app.db, toUserId, 'match', matchId))) {
        await app.notifyAll([
          { type: 'new_message', matchId, scheduleId: room.scheduleId, toUserId, fromUser: { id: senderId, name: message.senderName, profileImage: null } },
        ]);
      }
      // Issue #30 item 4: both members' chat lists move the row (server/modules/chat/table-live.ts).
      await app.publishChatActivity('match', matchId, message);
      return message;
    });

    app.liveDestinations.topic({
      pattern: '/topic/chat/{matchId}',
      match: destinationId('/topic/chat/'),
      canSubscribe: (userId, { id }) => chat.canChat(userId, id),
    });
    app.liveDestinations.send({
      pattern: '/app/chat/{matchId}',
      match: destinationId('/app/chat/'),
      async handle(userId, { id }, frame) {
        await app.publishChat(userId, id, sendContent(frame.body), frame.headers['client-id']);
      },
    });
  },
  { name: 'chat-live', dependencies: ['db', 'broker', 'notifier', 'rate-limit', 'table-live'] },
);
