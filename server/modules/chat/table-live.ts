/**
 * The table chat's side of the live channel (issue #30 items 2–4; destinations registered here,
 * the STOMP server knows no module):
 * - `/topic/table/{scheduleId}`: SUBSCRIBE for the meal's members (host, accepted and confirmed
 *   guests) — `TableMessage`s, text and system lines;
 * - `/topic/table/{scheduleId}/reads`: the same members — `ReadEvent`s (read positions moving);
 * - `/topic/chat/{matchId}/reads`: the 1:1 chat's `ReadEvent`s (its host and requester);
 * - `/topic/user/{id}/chats`: that member only — `ChatActivity` when one of their conversations
 *   gets a message (the chat list moves the row and sets its count);
 * - `/app/table/{scheduleId}`: SEND `{content}` with the 1:1 chat's rules (optional `client-id`,
 *   RECEIPT once stored, refusals 400/409/429 on `/user/queue/errors`: blank or long, content
 *   filter, CHAT_CLOSED, CHAT_READ_ONLY, CLIENT_ID_REUSED, RATE_LIMITED; 403/404 end the session).
 *   A message is delivered to every member but those across a block with its sender (issue #32
 *   item 5; server/modules/chat/table-service.ts "Blocks").
 * - `app.publishTable` (stores, publishes, announces on each member's chat list and pushes the
 *   message to the members who are not looking: common/push.ts `TableMessagePush`), with the 1:1
 *   chat's group commit (issue #33 item 3, server/lib/group-commit.ts): the SENDs that arrive while a batch
 *   is written are stored together in one transaction (one multi-row INSERT), published and
 *   answered after its commit, one chat-list event per member and table per batch; `app.publishRead`,
 *   `app.publishChatActivity`;
 * - `tableNotifier`: after a meal change commits, publishes its table system lines and ends the
 *   subscriptions of the member who left (only theirs, on every instance).
 */
import fp from 'fastify-plugin';
import { CHAT_CONTENT_MAX, CHAT_CONTENT_MIN, chatReadsTopic, tableReadsTopic, tableTopic, userChatsTopic, type ChatActivity, type ChatKind, type ReadEvent, type TableMessage } from '../../../common/realtime.ts';
import type { Notifier } from '../../plugins/notifier.ts';
import { destinationId, sendContent } from './destinations.ts';
import { createChatService } from './service.ts';
import { advanceRead } from './states.ts';
import { createTableService, type TableSendJob, type TableSendOutcome, type TableSent, type TableService } from './table-service.ts';
import { groupCommit, type BatchResult } from '../../lib/group-commit.ts';
import { fail } from '../../lib/errors.ts';
import { blocksAmong } from '../blocks/public.ts';
import type { ChatReadResult } from '../../../common/api/chat.ts';
import type { Clock } from '../../lib/clock.ts';
import { TABLE_MESSAGE, type TableMessagePush } from '../../../common/push.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stores, publishes (`/topic/table/{id}`) and announces (each member's `/topic/user/{id}/chats`)
     * one table message of `senderId`, and pushes it to the other members who have not muted the
     * chat and are not on either side of a block with the sender (issue #30; push runs in the
     * background); answers it. The chat service's errors plus 429 over the chat budget.
     */
    publishTable: (senderId: number, scheduleId: number, content: string, clientId?: string) => Promise<TableMessage>;
    /**
     * Moves `userId`'s read position in (`kind`, `id`) to `lastReadId` (clamped to the newest
     * message; never back) and, when it moved, publishes a `ReadEvent` on the conversation's reads
     * topic. 403/404 as the history.
     */
    publishRead: (userId: number, kind: ChatKind, id: number, lastReadId: number) => Promise<ChatReadResult>;
    /** The table service (routes and tests). */
    tables: TableService;
  }
}

/** Publishes a meal change's table lines and ends the leaver's subscriptions (runs after the commit). */
export function tableNotifier(app: {
  broker: { publish: (m: { destination: string; body: string }) => Promise<void> };
  endLiveDestination: (destination: string, userId?: number) => Promise<void>;
  publishChatActivity?: (kind: ChatKind, id: number, message: TableMessage) => Promise<void>;
}): Notifier {
  return {
    async notify(event) {
      const change = event.table;
      if (!change) return;
      if (change.removedUserId !== undefined) {
        await app.endLiveDestination(tableTopic(change.scheduleId), change.removedUserId);
        await app.endLiveDestination(tableReadsTopic(change.scheduleId), change.removedUserId);
      }
      for (const line of change.lines) {
        await app.broker.publish({ destination: tableTopic(change.scheduleId), body: JSON.stringify(line) });
        await app.publishChatActivity?.('table', change.scheduleId, line);
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Tells each member of the conversation (their `/topic/user/{id}/chats`) that it got `message`;
     * in a table chat, not the members across a block with its sender (issue #32 item 5).
     */
    publishChatActivity: (kind: ChatKind, id: number, message: { id: number; content: string; kind?: 'text' | 'system'; createdAt: string; senderId: number | null }) => Promise<void>;
  }
}

/** Registers the table chat's live side (after db, broker, notifier and rate-limit). */
export const tableLivePlugin = fp<{ now: Clock }>(
  async (app, opts) => {
    const tables = createTableService({ db: app.db, now: opts.now });
    const chat = createChatService(app.db);
    app.decorate('tables', tables);
    const perMinute = app.budget('chat-send', app.rateLimits.chatSendPerUser);
    const perBurst = app.budget('chat-burst', app.rateLimits.chatSendBurst);

    app.decorate('publishChatActivity', async (kind: ChatKind, id: number, message: { id: number; content: string; kind?: 'text' | 'system'; createdAt: string; senderId: number | null }) => {
      const lastMessage = { id: message.id, content: message.content, kind: message.kind ?? 'text', createdAt: message.createdAt, senderId: message.senderId };
      if (kind === 'table') {
        const unread = await tables.unreadByMember(id);
        const across = message.senderId === null ? () => false : await blocksAmong(app.db, [...unread.keys()]);
        for (const [userId, s] of unread) {
          // Issue #32 item 5: a member across a block with the sender is not told of the message.
          if (across(userId, message.senderId)) continue;
          const activity: ChatActivity = { kind, id, lastMessage, unreadCount: s.unread, muted: s.muted };
          await app.broker.publish({ destination: userChatsTopic(userId), body: JSON.stringify(activity) });
        }
        return;
      }
      const room = await chat.room(id);
      if (!room) return;
      for (const [userId, s] of await chat.unreadByMember(room)) {
        const activity: ChatActivity = { kind, id, lastMessage, unreadCount: s.unread, muted: s.muted };
        await app.broker.publish({ destination: userChatsTopic(userId), body: JSON.stringify(activity) });
      }
    });

    // Post-commit pushes of the batches, in commit order.
    let pushesDone: Promise<unknown> = Promise.resolve();
    const writeBatch = async (jobs: TableSendJob[]): Promise<BatchResult<TableSent & { pushed?: Promise<unknown> }>> => {
      let outcomes: Array<TableSendOutcome & { value?: { pushed?: Promise<unknown> } }> = [];
      const activities: Array<{ userId: number; activity: ChatActivity }> = [];
      const pushes: Array<{ userIds: number[]; push: TableMessagePush }> = [];
      await app.db.transaction(async (tx) => {
        outcomes = await tables.sendBatch(tx, jobs);
        const fresh = outcomes.flatMap((o) => (o.ok && !o.value.duplicate ? [o.value] : []));
        if (fresh.length === 0) return;
        const states = await tables.unreadByMembers(tx, [...new Set(fresh.map((f) => f.room.scheduleId))]);
        for (const [scheduleId, members] of states) {
          const ofTable = fresh.filter((f) => f.room.scheduleId === scheduleId);
          for (const [userId, st] of members) {
            // The table's newest message of the batch this member may see (issue #32 item 5: not across a block).
            const last = ofTable.findLast((f) => !f.hiddenFrom.includes(userId));
            if (!last) continue;
            const m = last.message;
            const lastMessage = { id: m.id, content: m.content, kind: m.kind, createdAt: m.createdAt, senderId: m.senderId };
            activities.push({ userId, activity: { kind: 'table', id: scheduleId, lastMessage, unreadCount: st.unread, muted: st.muted } });
          }
        }
        // Issue #30: like a 1:1 message, a table message reaches the members who are not looking,
        // but not who muted the chat nor the members across a block with the sender (issue #17).
        for (const f of fresh) {
          const members = states.get(f.room.scheduleId) ?? new Map<number, { unread: number; muted: boolean }>();
          const userIds = f.room.memberIds.filter((u) => u !== f.message.senderId && !members.get(u)?.muted && !f.hiddenFrom.includes(u));
          const senderId = f.message.senderId!;
          pushes.push({ userIds, push: { type: TABLE_MESSAGE, scheduleId: f.room.scheduleId, placeName: f.room.placeName, fromUser: { id: senderId, name: f.message.senderName }, createdAt: f.message.createdAt } });
        }
      });
      // Committed: publish in the order stored (issue #32 item 5: not to the members across a block
      // with the sender), then the chat lists; the pushes follow in the background.
      for (const o of outcomes) {
        if (!o.ok || o.value.duplicate) continue;
        const { message, hiddenFrom } = o.value;
        await app.broker.publish({ destination: tableTopic(message.scheduleId), body: JSON.stringify(message), ...(hiddenFrom.length ? { exceptUserIds: hiddenFrom } : {}) });
      }
      for (const { userId, activity } of activities) await app.broker.publish({ destination: userChatsTopic(userId), body: JSON.stringify(activity) });
      // The pushes follow in commit order: the HTTP answer waits for them, a live SEND's RECEIPT does not.
      const pushed = (pushesDone = pushesDone.then(async () => {
        for (const { userIds, push } of pushes) {
          for (const userId of userIds) {
            try {
              await app.pushSender.send(userId, push);
            } catch (err) {
              app.log.error({ err }, 'push send failed');
            }
          }
        }
      }));
      for (const o of outcomes) if (o.ok) o.value.pushed = pushed;
      return { outcomes };
    };
    const writer = groupCommit(writeBatch);

    /**
     * Counts the budget, checks the length and queues the SEND for the next group commit; resolves
     * once it is queued (so SENDs queued one after the other are stored in that order, issue #33
     * item 3) with `stored`: settles once it is stored and published, with `pushed` (the batch's
     * pushes sent). Throws the budget's 429 and 400 CHAT_CONTENT_LENGTH before queueing.
     */
    const queue = async (senderId: number, scheduleId: number, content: string, clientId?: string) => {
      await perBurst(String(senderId));
      await perMinute(String(senderId));
      const text = content.trim();
      if ([...text].length < CHAT_CONTENT_MIN || [...text].length > CHAT_CONTENT_MAX) fail('CHAT_CONTENT_LENGTH');
      // A repeated client-id (issue #16) is acknowledged with the stored message and delivered once.
      return { stored: writer.submit({ senderId, scheduleId, text, ...(clientId !== undefined ? { clientId } : {}) }) };
    };

    app.decorate('publishTable', async (senderId: number, scheduleId: number, content: string, clientId?: string): Promise<TableMessage> => {
      const { message, pushed } = await (await queue(senderId, scheduleId, content, clientId)).stored;
      await pushed;
      return message;
    });

    app.decorate('publishRead', async (userId: number, kind: ChatKind, id: number, lastReadId: number): Promise<ChatReadResult> => {
      let newest: number;
      if (kind === 'table') {
        await tables.requireTable(userId, id, 'read');
        newest = await tables.newestId(id);
      } else {
        await chat.requireRoom(userId, id, 'read');
        newest = await chat.newestId(id);
      }
      const moved = await advanceRead(app.db, userId, kind, id, Math.min(lastReadId, newest));
      if (moved.now > moved.previous) {
        const event: ReadEvent = { kind, id, userId, lastReadId: moved.now, previousReadId: moved.previous };
        await app.broker.publish({ destination: kind === 'table' ? tableReadsTopic(id) : chatReadsTopic(id), body: JSON.stringify(event) });
      }
      const unreadCount = kind === 'table' ? await tables.unreadOf(userId, id) : ((await chat.unreadByMember((await chat.room(id))!)).get(userId)?.unread ?? 0);
      return { lastReadId: moved.now, unreadCount };
    });

    const member = (userId: number, { id }: { id: number }) => tables.isMember(userId, id);
    app.liveDestinations.topic({ pattern: '/topic/table/{scheduleId}', match: destinationId('/topic/table/'), canSubscribe: member });
    app.liveDestinations.topic({ pattern: '/topic/table/{scheduleId}/reads', match: destinationId('/topic/table/', '/reads'), canSubscribe: member });
    app.liveDestinations.topic({ pattern: '/topic/chat/{matchId}/reads', match: destinationId('/topic/chat/', '/reads'), canSubscribe: (userId, { id }) => chat.canChat(userId, id) });
    app.liveDestinations.topic({ pattern: '/topic/user/{userId}/chats', match: destinationId('/topic/user/', '/chats'), canSubscribe: (userId, { id }) => userId === id });
    app.liveDestinations.send({
      pattern: '/app/table/{scheduleId}',
      match: destinationId('/app/table/'),
      async handle(userId, { id }, frame) {
        // Issue #33 item 3: resolves once queued, so the session's next SEND is read (pipelining);
        // the RECEIPT follows `stored` (the commit and the publish), not the pushes.
        return queue(userId, id, sendContent(frame.body), frame.headers['client-id']);
      },
    });
  },
  { name: 'table-live', dependencies: ['db', 'broker', 'notifier', 'rate-limit', 'push'] },
);
