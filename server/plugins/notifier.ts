/**
 * Notification hook for match transitions (issue #3; SPEC §4 "Live notifications"):
 * `app.notifier.notify(event)` is called ONCE per transition, after its transaction commits:
 * - `new_match_request` → the host (a member asked to join their schedule);
 * - `match_accepted` / `match_rejected` / `match_confirmed` → the requester;
 * - `match_deleted` → the other side of a deleted match. SPEC §4 names no such live type: it only
 *   ends the match's chat;
 * - `schedule_deleted` → each requester whose request stood when the host deleted the schedule
 *   (issue #14: a live notification, so their open activity page drops it; it also ends the chat).
 * `buildApp` installs the live notifier of server/plugins/realtime.ts (issue #4: STOMP
 * `/topic/user/{id}/notifications` through the broker, and push; `match_deleted` ends the match's
 * chat subscriptions), followed by `overrides.notifier` when given (tests record the calls). A
 * failing notifier is logged and never fails the request (the change is already committed).
 */
import fp from 'fastify-plugin';

/** The notification types a match transition produces. */
/** `new_message` (issue #4) comes from the chat: a message to the match's other participant. */
/** `schedule_deleted` (issue #14): the host deleted the schedule of the addressee's request. */
export type MatchEventType = 'new_match_request' | 'match_accepted' | 'match_rejected' | 'match_confirmed' | 'match_deleted' | 'new_message' | 'schedule_deleted';

/** One match transition, addressed to one member. */
export interface MatchEvent {
  type: MatchEventType;
  matchId: number;
  scheduleId: number;
  /** The member to tell. */
  toUserId: number;
  /** The member whose action caused it. */
  fromUser: { id: number; name: string; profileImage: string | null };
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
  }
}

/** Registers `app.notifier` (the given one or the no-op) and `app.notifyAll`. */
export const notifierPlugin = fp<{ notifier?: Notifier }>(
  async (app, opts) => {
    const notifier = opts.notifier ?? noopNotifier;
    app.decorate('notifier', notifier);
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
