/**
 * The live notifier (issue #4; issue #16 items 5 and 8): each match event is stored in the inbox
 * (`app.notificationStore`, ./service.ts) and then published with the stored `id` and `link` on
 * `/topic/user/{id}/notifications` through the broker (every instance delivers) and handed to push.
 * Also the destination rule of that topic: a member subscribes to their own notifications only.
 */
import { notificationMessage, userNotificationsTopic, type LiveNotification } from '../../../common/realtime.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MatchEvent, Notifier } from '../../plugins/notifier.ts';
import type { PushSender } from '../../plugins/push.ts';
import type { Broker } from '../../realtime/broker.ts';
import type { TopicDestination } from '../../realtime/destinations.ts';

/**
 * Stores a notification before the live notifier publishes it (issue #16 inbox); answers the
 * stored item's id, link and createdAt (a collapsed `new_message` answers its unread item's), or
 * `null` when the notification must not reach the member at all (issue #17: no notifications pass
 * between members who blocked each other) — then nothing is published or pushed.
 * Implemented by ./service.ts (decorated as `app.notificationStore` by ./routes.ts).
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

/** `/topic/user/{id}/notifications`: that member only (SPEC §7 "Live channels"). */
export const userNotificationsDestination: TopicDestination<{ userId: number }> = {
  pattern: '/topic/user/{userId}/notifications',
  match(destination) {
    const m = /^\/topic\/user\/([1-9][0-9]{0,9})\/notifications$/.exec(destination);
    return m ? { userId: Number(m[1]) } : null;
  },
  canSubscribe: (userId, { userId: owner }) => userId === owner,
};

/**
 * The notifier that stores match events in the inbox (`app.notificationStore`, read when an event
 * comes; absent in unit tests that pass only broker and push) and then publishes them live (and to
 * push) with the stored `id` and `link`. A failed store is thrown (logged by `notifyAll`): nothing
 * is published that the inbox does not have.
 */
export function liveNotifier(
  app: { broker: Broker; pushSender: PushSender; log: { error: (o: object, m: string) => void }; notificationStore?: NotificationStore },
  now: Clock,
): Notifier {
  return {
    async notify(event: MatchEvent) {
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
