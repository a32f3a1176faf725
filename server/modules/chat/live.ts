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
 *   and `POST /api/chat/{matchId}/messages` both use it. Group commit (issue #33 item 3): the SENDs
 *   that arrive while a batch is written are written together as the next one (server/lib/group-commit.ts):
 *   one transaction holds their rows (one multi-row INSERT), the senders' read positions and one
 *   `new_message` notice per conversation and recipient (the inbox outbox, issue #28 item 8); each
 *   SEND is published and answered (RECEIPT) only after that commit, and a failed batch answers
 *   each of its SENDs with the error (nothing stored, nothing published). The rooms and blocks are
 *   read once per batch inside its transaction — not cached across batches, so a block, a
 *   cancelled match or a deleted account applies to the next batch on every instance;
 * - `chatEndingNotifier`: when a match is cancelled or withdrawn (also each match of a deleted
 *   schedule, issue #15) its chat subscriptions end on every instance.
 */
import fp from 'fastify-plugin';
import { CHAT_CONTENT_MAX, CHAT_CONTENT_MIN, chatReadsTopic, chatTopic, userChatsTopic, type ChatActivity, type ChatMessage } from '../../../common/realtime.ts';
import type { MatchEvent, Notifier } from '../../plugins/notifier.ts';
import { fail } from '../../lib/errors.ts';
import { destinationId, sendContent } from './destinations.ts';
import { groupCommit, type BatchResult } from '../../lib/group-commit.ts';
import { createChatService, type ChatRoom, type ChatSendJob, type ChatSendOutcome } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stores, publishes and notifies one chat message (group commit, issue #33 item 3: answered once
     * the other side's notice is published too); answers the stored message. Throws the chat
     * service's AppErrors: 400 content not 1–1000 characters after trimming, 403 not a participant
     * or chat not open, 404 unknown match, 409 CHAT_CLOSED / CLIENT_ID_REUSED; and 429 RATE_LIMITED
     * over the member's chat budget (issue #32 item 3), before anything is stored.
     */
    publishChat: (senderId: number, matchId: number, content: string, clientId?: string) => Promise<ChatMessage>;
  }
}

/** What a stored SEND answers. */
type Stored = { message: ChatMessage; room: ChatRoom; duplicate: boolean; notified?: Promise<unknown> };

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
    /**
     * Post-commit notices of the batches (issue #33 item 3, and its item 2: bounded under overload),
     * published by their own group commit: while one round publishes, the notices of the batches
     * committed meanwhile wait together and go out as the next round, in which a notice superseded
     * by a later one of the same inbox row (a `new_message` collapses into the member's unread item
     * of that chat, ../notifications/outbox.ts) is published only in its latest form — the row is
     * marked published and holds that text. So a backlog costs one publish per row and round, not
     * one per batch, and the rounds cannot fall further behind than one. Resolves once the round
     * that carried `events` is published (or logged as failed: the outbox sweep retries its rows).
     */
    const notices = groupCommit<MatchEvent[], void>(async (batches) => {
      const latest = new Map<string, MatchEvent>();
      for (const events of batches) {
        for (const e of events) latest.set(e.notice ? `row:${e.notice.id}` : `event:${latest.size}:${e.toUserId}:${e.matchId}`, e);
      }
      await app.notifyEach([...latest.values()]);
      return { outcomes: batches.map(() => ({ ok: true as const, value: undefined })) };
    }, Number.MAX_SAFE_INTEGER);
    const writeBatch = async (jobs: ChatSendJob[]): Promise<BatchResult<Stored>> => {
      let outcomes: Array<ChatSendOutcome & { value?: Stored }> = [];
      const events: MatchEvent[] = [];
      const activities: Array<{ userId: number; activity: ChatActivity }> = [];
      await app.db.transaction(async (tx) => {
        outcomes = await chat.sendBatch(tx, jobs);
        const fresh = outcomes.flatMap((o) => (o.ok && !o.value.duplicate ? [o.value] : []));
        if (fresh.length === 0) return;
        // The last new message of each conversation, and of each sender in it.
        const lastOfRoom = new Map<number, { room: ChatRoom; message: ChatMessage }>();
        const lastOfSender = new Map<string, { room: ChatRoom; message: ChatMessage }>();
        for (const f of fresh) {
          lastOfRoom.set(f.room.matchId, f);
          lastOfSender.set(`${f.room.matchId}:${f.message.senderId}`, f);
        }
        const states = await chat.statesOf(tx, [...lastOfRoom.values()].map((f) => f.room));
        for (const { room, message } of lastOfSender.values()) {
          const toUserId = room.hostId === message.senderId ? room.requesterId : room.hostId;
          // 알림 끄기 (issue #30 item 4): a muted chat sends no toast, push or inbox item; its row in
          // the chat list still moves and counts the message as unread (below).
          if (states.get(room.matchId)?.get(toUserId)?.muted) continue;
          events.push({ type: 'new_message', matchId: room.matchId, scheduleId: room.scheduleId, toUserId, fromUser: { id: message.senderId, name: message.senderName, profileImage: null } });
        }
        // One notice per conversation and recipient, stored with the messages (issue #28 item 8 outbox).
        await app.stageNotices(tx, events);
        // Issue #30 item 4: both members' chat lists move the row (one event per conversation and batch).
        for (const { room, message } of lastOfRoom.values()) {
          const lastMessage = { id: message.id, content: message.content, kind: 'text' as const, createdAt: message.createdAt, senderId: message.senderId };
          for (const [userId, st] of states.get(room.matchId) ?? []) activities.push({ userId, activity: { kind: 'match', id: room.matchId, lastMessage, unreadCount: st.unread, muted: st.muted } });
        }
      });
      // Committed: publish in the order stored, then the chat lists; the notices follow in the background.
      for (const o of outcomes) if (o.ok && !o.value.duplicate) await app.broker.publish({ destination: chatTopic(o.value.room.matchId), body: JSON.stringify(o.value.message) });
      for (const { userId, activity } of activities) await app.broker.publish({ destination: userChatsTopic(userId), body: JSON.stringify(activity) });
      // The notices are stored with the batch (the outbox sweep publishes any a crash leaves): the
      // SENDs are answered now, and the notices follow in commit order (the next round of
      // `notices`, superseded ones once) without holding them up.
      const notified = events.length > 0 ? notices.submit(events) : Promise.resolve();
      for (const o of outcomes) if (o.ok) o.value.notified = notified;
      return { outcomes };
    };
    const writer = groupCommit(writeBatch);

    /**
     * Counts the budget, checks the length and queues the SEND for the next group commit; resolves
     * once it is queued (so SENDs queued one after the other are stored in that order, issue #33
     * item 3) with `stored`: settles once it is stored and published, with `notified` (the batch's
     * notices published). Throws the budget's 429 and 400 CHAT_CONTENT_LENGTH before queueing.
     */
    const queue = async (senderId: number, matchId: number, content: string, clientId?: string): Promise<{ stored: Promise<Stored> }> => {
      await perBurst(String(senderId));
      await perMinute(String(senderId));
      const text = content.trim();
      if ([...text].length < CHAT_CONTENT_MIN || [...text].length > CHAT_CONTENT_MAX) fail('CHAT_CONTENT_LENGTH');
      // A repeated client-id (issue #16) is acknowledged with the stored message and delivered once.
      return { stored: writer.submit({ senderId, matchId, text, ...(clientId !== undefined ? { clientId } : {}) }) };
    };

    app.decorate('publishChat', async (senderId: number, matchId: number, content: string, clientId?: string): Promise<ChatMessage> => {
      const { message, notified } = await (await queue(senderId, matchId, content, clientId)).stored;
      await notified;
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
        // Issue #33 item 3: resolves once queued, so the session's next SEND is read (pipelining);
        // the RECEIPT follows `stored` (the commit and the publish). The other side's notice
        // (stored with the batch, the outbox's to deliver) holds up nothing.
        return queue(userId, id, sendContent(frame.body), frame.headers['client-id']);
      },
    });
  },
  { name: 'chat-live', dependencies: ['db', 'broker', 'notifier', 'rate-limit', 'table-live'] },
);
