/**
 * Notification hook for match transitions (issue #3; SPEC §4 "Live notifications"; issue #15):
 * `app.notifier.notify(event)` is called ONCE per event, after its transaction commits:
 * - `new_match_request` → the host (a member asked to join their schedule);
 * - `match_accepted` / `match_rejected` / `match_confirmed` → the requester;
 * - `match_cancelled` → the other side of a cancelled match; `match_withdrawn` → the host of a
 *   withdrawn PENDING request; `schedule_cancelled` → each requester whose request stood when the
 *   host deleted the schedule (these three also end the match's chat subscriptions);
 * - `schedule_full` / `seat_opened` → the waitlisted requesters (and, for a seat, the host);
 * - `partner_arrived` → the partner; `meal_reminder` → each side of a confirmed meal.
 * `buildApp` installs the chat's ending of cancelled chats (server/modules/chat/live.ts) and the
 * live notifier of server/modules/notifications/live-notifier.ts (issue #4: STOMP
 * `/topic/user/{id}/notifications` through the broker, and push), followed by `overrides.notifier`
 * when given (tests record the calls), combined with `combineNotifiers`. A failing notifier is logged and never fails the request
 * (the change is already committed).
 */
import fp from 'fastify-plugin';
import type { MealRef, NotificationType } from '../../common/realtime.ts';
import type { Tx } from '../lib/match-chat.ts';

/** The notification types an event produces (common/realtime.ts NOTIFICATION_TYPES). */
export type MatchEventType = NotificationType;

/** One match event, addressed to one member. */
export interface MatchEvent {
  type: MatchEventType;
  matchId: number;
  scheduleId: number;
  /** The member to tell. */
  toUserId: number;
  /** The member whose action caused it (for a reminder: the partner). */
  fromUser: { id: number; name: string; profileImage: string | null };
  /** The meal it is about (place, KST date, hour), named by the lifecycle messages (issue #15). */
  meal?: MealRef;
  /** A cancellation's reason (issue #15). */
  reason?: string | null;
  /** `schedule_changed` (issue #28 item 4): the meal before the change. */
  previous?: MealRef;
  /**
   * Issue #28 item 8 (transactional outbox): the inbox item `app.stageNotices` stored for this event
   * inside the change's transaction (null: not stored because of a block, nothing to publish);
   * absent when the event was not staged (the live notifier then stores it itself).
   */
  notice?: { id: number; link: string; createdAt: Date } | null;
}

/** Receives match events. */
export interface Notifier {
  notify(event: MatchEvent): void | Promise<void>;
}

/** The default: nothing is delivered yet. */
export const noopNotifier: Notifier = { notify: () => {} };

declare module 'fastify' {
  interface FastifyInstance {
    /** The match-event hook (see server/plugins/notifier.ts). */
    notifier: Notifier;
    /** Calls `notifier.notify` for each event, logging (never throwing) failures. Call after commit. */
    notifyAll: (events: readonly MatchEvent[]) => Promise<void>;
    /**
     * Issue #28 item 8 (transactional outbox): stores each event's inbox item inside `tx` (the
     * transaction of the change), unpublished, and sets `event.notice`; after the commit
     * `notifyAll(events)` publishes them and marks them published. Whatever a crash leaves
     * unpublished the outbox sweep publishes later.
     */
    stageNotices: (tx: Tx, events: MatchEvent[]) => Promise<void>;
  }
}

/** Registers `app.notifier` (the given one or the no-op) and `app.notifyAll`. */
export const notifierPlugin = fp<{ notifier?: Notifier }>(
  async (app, opts) => {
    const notifier = opts.notifier ?? noopNotifier;
    app.decorate('notifier', notifier);
    // Replaced by the outbox (server/modules/notifications/outbox.ts) once the inbox is registered.
    app.decorate('stageNotices', async () => {});
    app.decorate('notifyAll', async (events: readonly MatchEvent[]) => {
      for (const event of events) {
        try {
          await notifier.notify(event);
        } catch (err) {
          app.log.error({ err, event: { type: event.type, matchId: event.matchId } }, 'match notification failed');
        }
      }
    });
  },
  { name: 'notifier' },
);

/** Calls every notifier in turn (e.g. the chat's, the live one, then a test recorder). */
export function combineNotifiers(...notifiers: (Notifier | undefined)[]): Notifier {
  const list = notifiers.filter((n): n is Notifier => !!n);
  return {
    async notify(event) {
      for (const n of list) await n.notify(event);
    },
  };
}
