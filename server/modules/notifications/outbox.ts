/**
 * The notification outbox (issue #28 item 8): "notifications are stored in the same transaction as
 * the change and published after commit, so a crash between commit and publish loses no notice".
 *
 * 1. `stageNotices(now)` is `app.stageNotices(tx, events)`: called INSIDE the change's transaction,
 *    it stores each event's inbox row with `published_at` null (the block rule and the Korean text
 *    of ./service.ts `storeNotification` / common/realtime.ts `notificationMessage`) and sets
 *    `event.notice` — so the notice commits or rolls back with the change.
 * 2. After the commit, `app.notifyAll(events)` reaches the live notifier (./live-notifier.ts), which
 *    publishes each staged notice with its stored id and marks the row published (`published_at`).
 * 3. `outboxPlugin` sweeps: on start-up and then every `intervalMs`, it publishes the rows still
 *    unpublished `graceMs` after they were stored (a crash, or a failed publish, left them so). The
 *    grace keeps the sweep off rows whose request is still in its post-commit publish.
 *
 * Delivery guarantee — AT LEAST ONCE live, at most once to push: the sweep claims rows with
 * `SELECT … FOR UPDATE SKIP LOCKED` in a transaction, publishes them on the broker while holding the
 * lock, marks them published and commits; only then are they handed to push. So several instances
 * never publish the same row (each skips the rows another holds), and a crash before the commit
 * leaves the rows unpublished for the next sweep — a row may then be published live twice (it
 * carries the same `id` both times, so a client can tell). A crash after the commit loses only the
 * push of those rows (push is best-effort anyway: a failed send is logged, never retried). The
 * request path (publish, then mark) is at least once in the same way: a crash between its publish
 * and its mark makes the sweep publish the row again.
 */
import { and, asc, inArray, isNull, lte } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic.ts';
import { notificationMessage, userNotificationsTopic, type LiveNotification } from '../../../common/realtime.ts';
import { notifications, type NotificationRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { StageNotices } from '../../plugins/notifier.ts';
import { storeMessageNotifications, storeNotification } from './service.ts';

/** Default of `OutboxOptions.intervalMs`: how often each instance sweeps (5 s). */
export const OUTBOX_INTERVAL_MS = 5_000;
/** Default of `OutboxOptions.graceMs`: how old an unpublished row must be before a sweep takes it (10 s). */
export const OUTBOX_GRACE_MS = 10_000;
/** Default of `OutboxOptions.batch`: rows claimed per transaction of a sweep. */
export const OUTBOX_BATCH = 100;

/**
 * `app.stageNotices` (issue #28 item 8), on the app's clock `now`. For each event, inside `tx`:
 * answers nothing and sets `event.notice` to the stored row's `{ id, link, createdAt }` — or to
 * `null` (nothing stored, nothing will be published) when the two members are on either side of a
 * block (issue #17), read through `tx`. The text is `notificationMessage(type, fromName, { meal,
 * previous, reason, now })` with `now` = the stored `createdAt`, which the live notifier uses again
 * to write the same text. Rejects when the database does — the caller's transaction then rolls back
 * with every notice it staged.
 */
export function stageNotices(now: Clock): StageNotices {
  return async (tx, events) => {
    // Issue #33 item 3: the chat's new_message notices of one batch, in one upsert.
    const messages = events.filter((e) => e.type === 'new_message');
    if (messages.length > 0) {
      const at = now();
      const stored = await storeMessageNotifications(
        tx,
        messages.map((e) => ({ userId: e.toUserId, type: e.type, matchId: e.matchId, scheduleId: e.scheduleId, fromUser: { id: e.fromUser.id, name: e.fromUser.name }, message: notificationMessage(e.type, e.fromUser.name, { meal: e.meal, previous: e.previous, reason: e.reason, now: at, content: e.content }), createdAt: at })),
      );
      messages.forEach((e, i) => (e.notice = stored[i]!));
    }
    for (const event of events) {
      if (event.type === 'new_message') continue;
      const at = now();
      const message = notificationMessage(event.type, event.fromUser.name, { meal: event.meal, previous: event.previous, reason: event.reason, now: at, content: event.content });
      event.notice = await storeNotification(tx, {
        ...(event.content ? { target: { type: event.content.type, id: event.content.id } } : {}),
        userId: event.toUserId,
        type: event.type,
        matchId: event.matchId,
        scheduleId: event.scheduleId,
        fromUser: { id: event.fromUser.id, name: event.fromUser.name },
        message,
        createdAt: at,
      });
    }
  };
}

/**
 * The live payload of a stored row (common/realtime.ts `LiveNotification`, the shape the request
 * path publishes): type, matchId, scheduleId, fromUser, message, createdAt (ISO), id and link. The
 * row does not keep `meal`, `reason` nor `previous` (the message names them), so they are absent.
 * A deleted sender (`from_user_id` set null) is `{ id: 0, name: <the name it was written with> }`.
 */
export function liveNotificationOf(row: NotificationRow): LiveNotification {
  return {
    type: row.type,
    matchId: row.matchId ?? 0,
    scheduleId: row.scheduleId ?? 0,
    fromUser: { id: row.fromUserId ?? 0, name: row.fromName ?? '' },
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    id: row.id,
    link: row.link,
    ...(row.targetType !== null && row.targetId !== null ? { target: { type: row.targetType, id: row.targetId } } : {}),
  };
}

/** Options of `outboxPlugin` (`AppOverrides.outbox`; tests use a short interval or none). */
export interface OutboxOptions {
  /** The app's clock: the grace and `published_at` are measured on it. */
  now: Clock;
  /** Milliseconds between sweeps (default 5000); 0 = no scheduler, not even at start-up (tests call `app.outboxSweep()`). */
  intervalMs?: number;
  /** Milliseconds an unpublished row waits before a sweep takes it (default 10000). */
  graceMs?: number;
  /** Rows claimed per transaction (default 100). */
  batch?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Publishes every notification left unpublished longer than the grace (issue #28 item 8): live
     * on `/topic/user/{id}/notifications`, marked published, then to push. Answers how many rows
     * THIS call published (0 when none were due or another sweep holds them). Rejects only when the
     * database or the broker does (those rows stay unpublished for the next sweep).
     */
    outboxSweep: () => Promise<number>;
  }
}

/**
 * Registers `app.outboxSweep` and its scheduler: once the app is ready it sweeps at once (a
 * restarted instance delivers what its crash left) and then every `intervalMs` on an `unref`ed
 * timer, ticks never overlapping; the timer stops at `preClose` and a sweep in progress is awaited
 * before the database closes (the pattern of ../reminders/plugin.ts). Depends on `db`, the broker
 * and push.
 */
export const outboxPlugin = fp<OutboxOptions>(
  async (app, opts) => {
    const intervalMs = opts.intervalMs ?? OUTBOX_INTERVAL_MS;
    const graceMs = opts.graceMs ?? OUTBOX_GRACE_MS;
    const batch = opts.batch ?? OUTBOX_BATCH;

    /** One claim: publishes up to `batch` due rows live under their row locks; answers them (committed). */
    const claim = () =>
      app.db.transaction(async (tx) => {
        const at = opts.now();
        const rows = await tx
          .select()
          .from(notifications)
          .where(and(isNull(notifications.publishedAt), lte(notifications.createdAt, new Date(at.getTime() - graceMs))))
          .orderBy(asc(notifications.id))
          .limit(batch)
          .for('update', { skipLocked: true });
        if (rows.length === 0) return rows;
        for (const row of rows) {
          await app.broker.publish({ destination: userNotificationsTopic(row.userId), body: JSON.stringify(liveNotificationOf(row)) });
        }
        await tx
          .update(notifications)
          .set({ publishedAt: at })
          // bounded: one sweep batch (`batch`, default 100)
          .where(inArray(notifications.id, rows.map((r) => r.id)));
        return rows;
      });

    const sweep = async (): Promise<number> => {
      let total = 0;
      for (;;) {
        const rows = await claim();
        for (const row of rows) {
          try {
            await app.pushSender.send(row.userId, liveNotificationOf(row));
          } catch (err) {
            app.log.error({ err }, 'push send failed');
          }
        }
        total += rows.length;
        if (rows.length < batch) return total;
      }
    };
    app.decorate('outboxSweep', sweep);

    runPeriodically(app, {
      sweep,
      intervalMs,
      done: { countKey: 'published', message: 'outbox: unpublished notifications published' },
      failed: 'outbox sweep failed',
    });
  },
  { name: 'outbox', dependencies: ['db', 'broker', 'push'] },
);
