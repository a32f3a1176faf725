/**
 * The live notifier (issue #4; issue #16 items 5 and 8; issue #28 item 8): each match event is
 * published with its stored inbox `id` and `link` on `/topic/user/{id}/notifications` through the
 * broker (every instance delivers), handed to push, and its row marked published. A STAGED event
 * (`event.notice` set by `app.stageNotices` in the change's transaction, ./outbox.ts) is already in
 * the inbox; an unstaged one (chat `new_message`, reminders, the services not staging yet) is
 * stored first (`app.notificationStore`, ./service.ts). `notice === null` (a block) publishes
 * nothing. A row this notifier never marks (a crash, a failed publish) is published by the outbox
 * sweep (./outbox.ts). Also the destination rule of that topic: a member subscribes to their own
 * notifications only.
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
    target?: { type: NonNullable<MatchEvent['content']>['type']; id: number };
  }): Promise<{ id: number; link: string; createdAt: Date } | null>;
  /**
   * Marks the stored notification `id` published at `at` (issue #28 item 8), unless it already is
   * (the sweep took it); answers whether this call marked it. Absent in unit tests.
   */
  markPublished?(id: number, at: Date): Promise<boolean>;
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
 * The notifier that publishes match events live (and to push) with their inbox `id` and `link`:
 * - `event.notice` an object (staged, issue #28 item 8): published with that id, link and createdAt
 *   (the text written again from the event with `now` = createdAt, as `stageNotices` wrote it);
 * - `event.notice === null` (staged, blocked): nothing;
 * - `event.notice` undefined: stored in the inbox first (`app.notificationStore`, read when an event
 *   comes; absent in unit tests that pass only broker and push) — a failed store is thrown (logged
 *   by `notifyAll`): nothing is published that the inbox does not have.
 * After the broker publish the row is marked published (`notificationStore.markPublished`), then
 * pushed. A failed publish is thrown and the row stays unpublished: the outbox sweep retries it.
 */
export function liveNotifier(
  app: { broker: Broker; pushSender: PushSender; log: { error: (o: object, m: string) => void }; notificationStore?: NotificationStore },
  now: Clock,
): Notifier {
  return {
    async notify(event: MatchEvent) {
      if (event.notice === null) return;
      const at = event.notice?.createdAt ?? now();
      const fromUser = { id: event.fromUser.id, name: event.fromUser.name };
      const message = notificationMessage(event.type, event.fromUser.name, { meal: event.meal, previous: event.previous, reason: event.reason, now: at, content: event.content });
      const target = event.content ? { type: event.content.type, id: event.content.id } : undefined;
      const stored =
        event.notice ??
        (app.notificationStore
          ? await app.notificationStore.store({ userId: event.toUserId, type: event.type, matchId: event.matchId, scheduleId: event.scheduleId, fromUser, message, createdAt: at, ...(target ? { target } : {}) })
          : undefined);
      if (stored === null) return;
      const notification: LiveNotification = {
        type: event.type,
        matchId: event.matchId,
        scheduleId: event.scheduleId,
        fromUser,
        message,
        ...(event.meal ? { meal: event.meal } : {}),
        ...(event.reason ? { reason: event.reason } : {}),
        ...(event.previous ? { previous: event.previous } : {}),
        createdAt: (stored?.createdAt ?? at).toISOString(),
        ...(stored ? { id: stored.id, link: stored.link } : {}),
        ...(target ? { target } : {}),
      };
      await app.broker.publish({ destination: userNotificationsTopic(event.toUserId), body: JSON.stringify(notification) });
      if (stored && app.notificationStore?.markPublished) await app.notificationStore.markPublished(stored.id, now());
      try {
        await app.pushSender.send(event.toUserId, notification);
      } catch (err) {
        app.log.error({ err }, 'push send failed');
      }
    },
  };
}
