/**
 * Live channel wiring (issue #4; SPEC §4 "Live notifications", §7 "Live channels"):
 * - `app.broker`: in-process, or Redis pub/sub when `REDIS_URL` is set (server/realtime/);
 * - `app.revokeLiveSessions(userId, tokenVersion)`: ends a member's live sessions opened with an
 *   older token, on every instance (issue #13; server/realtime/revocations.ts);
 * - `PushSender`: the interface `app.pushSender` implements (server/plugins/push.ts: FCM when
 *   FIREBASE_CREDENTIALS is set, otherwise the no-op; issue #7);
 * - `liveNotifier(app)`: the match-event notifier that stores each notification in the inbox
 *   (issue #16: `app.notificationStore`, server/modules/notifications) and then publishes the
 *   `LiveNotification`, with the stored `id` and `link`, to `/topic/user/{id}/notifications`
 *   through the broker and to push; `match_cancelled`,
 *   `match_withdrawn` and `schedule_cancelled` (issue #15) also end the match's chat subscriptions
 *   on every instance;
 * - `app.publishChat(userId, matchId, content, clientId?)`: stores a chat message (once per
 *   `clientId`, issue #16), publishes it to
 *   `/topic/chat/{matchId}`, notifies the other participant (`new_message`) and answers the stored
 *   message (the STOMP SEND and `POST /api/chat/{matchId}/messages` both use it);
 * - the STOMP endpoint at `/ws` on the HTTP server (started with the app, closed on `onClose`).
 */
import fp from 'fastify-plugin';
import { chatTopic, notificationMessage, userNotificationsTopic, type ChatMessage, type LiveNotification } from '../../common/realtime.ts';
import type { Clock } from '../lib/clock.ts';
import { createChatService } from '../modules/chat/service.ts';
import { createMemoryBroker } from '../realtime/broker-memory.ts';
import { createRedisBroker } from '../realtime/broker-redis.ts';
import { CONTROL_MATCH_DELETED, type Broker } from '../realtime/broker.ts';
import { createSessionRevocations, type SessionRevocations } from '../realtime/revocations.ts';
import { attachStompServer, DEFAULT_STOMP_OPTIONS, type StompOptions, type StompServer } from '../realtime/stomp-server.ts';
import type { MatchEvent, Notifier } from './notifier.ts';

/**
 * Delivers a notification to a member's devices (FCM: server/plugins/push.ts). `send` should not
 * throw for delivery failures; the live notifier logs it when it does and never fails the request.
 */
export interface PushSender {
  send(toUserId: number, notification: LiveNotification): Promise<void>;
}

/** The default: push is off. */
export const noopPushSender: PushSender = { send: async () => {} };

/**
 * Stores a notification before the live notifier publishes it (issue #16 inbox); answers the
 * stored item's id, link and createdAt (a collapsed `new_message` answers its unread item's), or
 * `null` when the notification must not reach the member at all (issue #17: no notifications pass
 * between members who blocked each other) — then nothing is published or pushed.
 * Implemented by server/modules/notifications (decorated as `app.notificationStore`).
 */
export interface NotificationStore {
  store(n: {
    userId: number;
    type: MatchEvent['type'];
    matchId: number;
    scheduleId: number;
    fromUser: { id: number; name: string };
    message: string;
    createdAt: Date;
  }): Promise<{ id: number; link: string; createdAt: Date } | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    broker: Broker;
    /** The token revocations this instance knows about (issue #13; read by the STOMP server). */
    liveRevocations: SessionRevocations;
    /**
     * Issue #13: after a member's token version was bumped (and committed) — logout everywhere,
     * password reset, later account deletion and suspension — ends every live session whose token
     * has a `ver` below `tokenVersion` (the version now in force), on this instance at once and on
     * the others through the broker (`control:sessions-revoked`). Never rejects.
     */
    revokeLiveSessions: (userId: number, tokenVersion: number) => Promise<void>;
    /**
     * Stores, publishes and notifies one chat message; answers the stored message. Throws the chat
     * service's AppErrors: 400 content not 1–1000 characters after trimming, 403 not a participant
     * or chat not open, 404 unknown match (see server/plugins/realtime.ts).
     */
    publishChat: (senderId: number, matchId: number, content: string, clientId?: string) => Promise<ChatMessage>;
    stomp: StompServer;
  }
}

/** Options of the realtime plugin. */
export interface RealtimeOptions {
  redisUrl: string | undefined;
  /** Redis channel (tests isolate themselves with their own). */
  redisChannel?: string;
  now: Clock;
  stomp: Partial<StompOptions> & Pick<StompOptions, 'allowedOrigins'>;
}

/** The events after which a match's chat is over (issue #15). */
const CHAT_ENDING: ReadonlySet<MatchEvent['type']> = new Set(['match_cancelled', 'match_withdrawn', 'schedule_cancelled']);

/**
 * The notifier that stores match events in the inbox (issue #16: `app.notificationStore`, read when
 * an event comes; absent in unit tests that pass only broker and push) and then publishes them live
 * (and to push) with the stored `id` and `link`. A failed store is thrown (logged by `notifyAll`):
 * nothing is published that the inbox does not have.
 */
export function liveNotifier(
  app: { broker: Broker; pushSender: PushSender; log: { error: (o: object, m: string) => void }; notificationStore?: NotificationStore },
  now: Clock,
): Notifier {
  return {
    async notify(event: MatchEvent) {
      // A cancelled or withdrawn match (also each match of a deleted schedule) ends its chat on every instance.
      if (CHAT_ENDING.has(event.type)) {
        await app.broker.publish({ destination: CONTROL_MATCH_DELETED, body: JSON.stringify({ matchId: event.matchId }) });
      }
      const at = now();
      const fromUser = { id: event.fromUser.id, name: event.fromUser.name };
      const message = notificationMessage(event.type, event.fromUser.name, { meal: event.meal, now: at });
      const stored = app.notificationStore
        ? await app.notificationStore.store({ userId: event.toUserId, type: event.type, matchId: event.matchId, scheduleId: event.scheduleId, fromUser, message, createdAt: at })
        : undefined;
      if (stored === null) return;
      const notification: LiveNotification = {
        type: event.type,
        matchId: event.matchId,
        scheduleId: event.scheduleId,
        fromUser,
        message,
        ...(event.meal ? { meal: event.meal } : {}),
        ...(event.reason ? { reason: event.reason } : {}),
        createdAt: (stored?.createdAt ?? at).toISOString(),
        ...(stored ? { id: stored.id, link: stored.link } : {}),
      };
      await app.broker.publish({ destination: userNotificationsTopic(event.toUserId), body: JSON.stringify(notification) });
      try {
        await app.pushSender.send(event.toUserId, notification);
      } catch (err) {
        app.log.error({ err }, 'push send failed');
      }
    },
  };
}

/** Calls every notifier in turn (the live one, then e.g. a test recorder). */
export function combineNotifiers(...notifiers: (Notifier | undefined)[]): Notifier {
  const list = notifiers.filter((n): n is Notifier => !!n);
  return {
    async notify(event) {
      for (const n of list) await n.notify(event);
    },
  };
}

/** Registers the broker (before the notifier plugin; `app.pushSender` comes from server/plugins/push.ts). */
export const brokerPlugin = fp<RealtimeOptions>(
  async (app, opts) => {
    const broker = opts.redisUrl
      ? createRedisBroker(opts.redisUrl, (err) => app.log.error({ err }, 'redis broker error'), opts.redisChannel)
      : createMemoryBroker();
    await broker.ready();
    app.decorate('broker', broker);
    const revocations = createSessionRevocations(broker, app.log);
    app.decorate('liveRevocations', revocations);
    app.decorate('revokeLiveSessions', (userId: number, tokenVersion: number) => revocations.revoke(userId, tokenVersion));
    app.addHook('onClose', async () => {
      revocations.close();
      await broker.close();
    });
  },
  { name: 'broker' },
);

/** Registers `publishChat` and the STOMP endpoint (after auth, db, broker and the notifier). */
export const stompPlugin = fp<RealtimeOptions>(
  async (app, opts) => {
    const chat = createChatService(app.db);
    app.decorate('publishChat', async (senderId: number, matchId: number, content: string, clientId?: string): Promise<ChatMessage> => {
      const { message, room, duplicate } = await chat.send(senderId, matchId, content, clientId);
      // A repeated client-id (issue #16): acknowledged with the stored message, delivered once.
      if (duplicate) return message;
      await app.broker.publish({ destination: chatTopic(matchId), body: JSON.stringify(message) });
      const toUserId = room.hostId === senderId ? room.requesterId : room.hostId;
      await app.notifyAll([
        { type: 'new_message', matchId, scheduleId: room.scheduleId, toUserId, fromUser: { id: senderId, name: message.senderName, profileImage: null } },
      ]);
      return message;
    });
    const stomp = attachStompServer(
      app.server,
      {
        broker: app.broker,
        log: app.log,
        now: opts.now,
        verifyToken: (token) => app.verifyToken(token),
        revocations: app.liveRevocations,
        canChat: chat.canChat,
        sendChat: async (userId, matchId, content, clientId) => {
          await app.publishChat(userId, matchId, content, clientId);
        },
      },
      { ...DEFAULT_STOMP_OPTIONS, ...opts.stomp },
    );
    app.decorate('stomp', stomp);
    app.addHook('preClose', async () => {
      await stomp.close();
    });
  },
  { name: 'stomp', dependencies: ['auth', 'db', 'broker', 'notifier'] },
);
