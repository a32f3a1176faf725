/**
 * Notification hook for match transitions (issue #3; SPEC §4 "Live notifications"; issue #15;
 * issue #28 item 8, the transactional outbox):
 * - INSIDE the change's transaction, `app.stageNotices(tx, events)` stores each event's inbox row
 *   unpublished (`notifications.published_at` null) and sets `event.notice` (null when a block
 *   forbids it) — ../modules/notifications/outbox.ts; the notice commits or rolls back with the change;
 * - AFTER the commit, `app.notifyAll(events)` calls `app.notifier.notify(event)` ONCE per event, in
 *   order (`app.notifyEach`: all at once, for independent events such as a chat batch's); the
 *   live notifier publishes a staged notice with its stored id (an unstaged event is stored first)
 *   and marks it published. A crash between the commit and the publish loses nothing: the outbox
 *   sweep publishes the rows left unpublished (on start-up and every few seconds).
 * The events:
 * - `new_match_request` → the host (a member asked to join their schedule);
 * - `match_accepted` / `match_rejected` / `match_confirmed` → the requester;
 * - `match_cancelled` → the other side of a cancelled match; `match_withdrawn` → the host of a
 *   withdrawn PENDING request; `schedule_cancelled` → each requester whose request stood when the
 *   host deleted the schedule (these three also end the match's chat subscriptions);
 * - `schedule_full` / `seat_opened` → the waitlisted requesters (and, for a seat, the host);
 * - `partner_arrived` → the partner; `meal_reminder` → each side of a confirmed meal;
 * - `schedule_changed` → each seated guest of a moved meal; `marked_absent` → the member marked absent;
 * - `content_hidden` / `content_restored` / `appeal_rejected` → the author of moderated content (issue #32 item 1).
 * `buildApp` installs the chat's ending of cancelled chats (server/modules/chat/live.ts) and the
 * live notifier of server/modules/notifications/live-notifier.ts (issue #4: STOMP
 * `/topic/user/{id}/notifications` through the broker, and push), followed by `overrides.notifier`
 * when given (tests record the calls), combined with `combineNotifiers`. A failing notifier is
 * logged and never fails the request (the change is already committed; a staged notice whose
 * publish failed is published by the sweep).
 */
import fp from 'fastify-plugin';
import type { MealRef, NoticeTarget, NotificationType } from '../../common/realtime.ts';
import type { Tx } from '../db/database.ts';
import type { TableChange } from '../modules/chat/public.ts';

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
   * A moderation notice (issue #32 item 1: `content_hidden`, `content_restored`, `appeal_rejected`):
   * the member's content it is about, what it is ("글이", with its particle) and the report reason's
   * label. Such an event has `matchId` and `scheduleId` 0 and `fromUser` the addressee themself.
   */
  content?: NoticeTarget & { what: string; reason?: string };
  /**
   * Set by `app.stageNotices` (issue #28 item 8): the inbox row stored, unpublished, in the
   * change's transaction (`createdAt` is when it was staged, the app's clock), or `null` when
   * nothing may be delivered (the members blocked each other). Undefined: not staged — the live
   * notifier stores it itself before publishing.
   */
  notice?: { id: number; link: string; createdAt: Date } | null;
  /**
   * Issue #30 item 2: what the change did to the meal's table chat (system lines stored in the same
   * transaction, a member who lost access), hung on the first event of the change; the chat's
   * notifier publishes it once.
   */
  table?: TableChange;
}

/**
 * Stores each event's notice inside transaction `tx` (issue #28 item 8) and sets `event.notice`;
 * see ../modules/notifications/outbox.ts `stageNotices`.
 */
export type StageNotices = (tx: Tx, events: MatchEvent[]) => Promise<void>;

/** Stages nothing (unit tests that build the plugin alone): events stay unstaged. */
export const noStaging: StageNotices = async () => {};

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
     * `notifyAll` for events independent of each other — at most one per member and conversation,
     * such as the `new_message` notices of one chat batch (issue #33 item 3) — all at once rather
     * than one after another, so their stores and marks go to the database together (the inbox
     * marks concurrent notices published in one statement). Logs, never throws. Call after commit.
     */
    notifyEach: (events: readonly MatchEvent[]) => Promise<void>;
    /**
     * Call INSIDE the transaction of the change: stores each event's notice unpublished in the
     * inbox and sets `event.notice` (issue #28 item 8). Rejects when the database does (so the
     * change rolls back with its notices). Then call `notifyAll(events)` after the commit.
     */
    stageNotices: StageNotices;
  }
}

/**
 * Registers `app.notifier` (the given one or the no-op), `app.notifyAll` and `app.stageNotices`
 * (the given one — `buildApp` passes ../modules/notifications/outbox.ts `stageNotices` — or
 * `noStaging`).
 */
export const notifierPlugin = fp<{ notifier?: Notifier; stageNotices?: StageNotices }>(
  async (app, opts) => {
    const notifier = opts.notifier ?? noopNotifier;
    app.decorate('notifier', notifier);
    app.decorate('stageNotices', opts.stageNotices ?? noStaging);
    const notifyOne = async (event: MatchEvent) => {
      try {
        await notifier.notify(event);
      } catch (err) {
        app.log.error({ err, event: { type: event.type, matchId: event.matchId } }, 'match notification failed');
      }
    };
    app.decorate('notifyAll', async (events: readonly MatchEvent[]) => {
      for (const event of events) await notifyOne(event);
    });
    app.decorate('notifyEach', async (events: readonly MatchEvent[]) => {
      await Promise.all(events.map(notifyOne));
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
