/**
 * The notification inbox (issue #16 item 5). `store` is called by the live notifier
 * (./live-notifier.ts `liveNotifier`, through `app.notificationStore`) before it publishes,
 * so every live and push notification carries the stored `id` and `link`. The list pages by id,
 * newest first; the unread count and the read marks only ever touch the caller's own items.
 *
 * `new_message` items collapse to one unread item per (member, chat): a new message for a chat
 * that already has an unread `new_message` item updates that item (message, createdAt, fromUser;
 * the id and place in the list stay, so a client can mark it read by the id it shows) instead of
 * adding a row — one `INSERT … ON CONFLICT` on the partial unique index, safe under concurrency.
 * Once it is read, the next message adds a new item.
 */
import { and, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { NotificationItem } from '../../../common/api/notifications.ts';
import { pushUrl } from '../../../common/push.ts';
import { isModerationNotice, type NoticeTarget, type NotificationType } from '../../../common/realtime.ts';
import { notifications, type NotificationRow } from '../../db/schema.ts';
import type { Database, Tx } from '../../db/database.ts';
import { blocksAmong, isBlockedBetween } from '../blocks/public.ts';
import { appealedTargets } from '../reports/public.ts';
import { fail } from '../../lib/errors.ts';
import { groupCommit } from '../../lib/group-commit.ts';

/** What the notifier stores: one notification for one member. */
export interface NewNotification {
  userId: number;
  type: NotificationType;
  matchId: number;
  scheduleId: number;
  fromUser: { id: number; name: string };
  /** The Korean text. */
  message: string;
  /** When it happened (the app's clock). */
  createdAt: Date;
  /** A moderation notice's content (issue #32 item 1); its match, meal and sender are not stored. */
  target?: NoticeTarget;
}

/** The stored item's identity, as the live payload carries it. */
export interface StoredNotification {
  id: number;
  link: string;
  createdAt: Date;
}

/** The API shape of a row. */
function itemOf(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    ...(row.matchId !== null ? { matchId: row.matchId } : {}),
    ...(row.scheduleId !== null ? { scheduleId: row.scheduleId } : {}),
    ...(row.fromUserId !== null ? { fromUser: { id: row.fromUserId, name: row.fromName ?? '' } } : {}),
    ...(row.targetType !== null && row.targetId !== null ? { target: { type: row.targetType, id: row.targetId } } : {}),
  };
}

/**
 * Stores notification `n` through `db` — the database or a transaction (`stageNotices` of
 * ./outbox.ts stores in the change's own transaction, issue #28 item 8) — with `published_at` null,
 * and answers its id, link and createdAt. A `new_message` for a chat with an unread `new_message`
 * item updates that item (and makes it unpublished again: it has a new text to deliver) and answers
 * its id. Answers `null` — nothing stored — when the two members are on either side of a block
 * (issue #17), read through `db` too.
 */
export async function storeNotification(db: Database | Tx, n: NewNotification): Promise<StoredNotification | null> {
  if (n.fromUser.id !== n.userId && (await isBlockedBetween(db as Database, n.userId, n.fromUser.id))) return null;
  const link = pushUrl(n.type, n.matchId);
  const dedupeKey = noticeKey(n);
  // A moderation notice (issue #32 item 1) is about the member's own content: no match, meal nor sender.
  const moderation = isModerationNotice(n.type);
  const values = {
    userId: n.userId,
    type: n.type,
    matchId: moderation ? null : n.matchId,
    scheduleId: moderation ? null : n.scheduleId,
    fromUserId: moderation ? null : n.fromUser.id,
    fromName: moderation ? null : n.fromUser.name,
    targetType: n.target?.type ?? null,
    targetId: n.target?.id ?? null,
    message: n.message,
    link,
    createdAt: n.createdAt,
    publishedAt: null,
    dedupeKey,
  };
  // A keyed notice told less than SEAT_NOTICE_WINDOW_MS ago in the previous minute is a repeat too:
  // the key names the calendar minute, so a flip on either side of a minute's end would otherwise be
  // told twice (the soak found it; issue #32 item 7).
  if (dedupeKey && (await hasRecentRepeat(db, n))) return null;
  const insert = db.insert(notifications).values(values);
  const returning = { id: notifications.id, link: notifications.link, createdAt: notifications.createdAt };
  const [row] =
    n.type === 'new_message'
      ? await insert
          .onConflictDoUpdate({
            target: [notifications.userId, notifications.matchId],
            // The predicate of notifications_unread_message_unique (written unqualified, as ON CONFLICT wants it).
            targetWhere: sql`type = 'new_message' and read_at is null`,
            set: { message: values.message, createdAt: values.createdAt, fromUserId: values.fromUserId, fromName: values.fromName, scheduleId: values.scheduleId, publishedAt: null },
          })
          .returning(returning)
      : dedupeKey
        ? await insert.onConflictDoNothing().returning(returning)
        : await insert.returning(returning);
  // A repeat of a keyed notice (issue #32 item 7): the member already has it; nothing to publish.
  if (!row) return null;
  return { id: row.id, link: row.link, createdAt: row.createdAt };
}

/**
 * `storeNotification` for many `new_message` notifications at once (issue #33 item 3: the chat's
 * group commit stores one notice per conversation per recipient per batch): one query for the
 * blocks among their members and ONE multi-row `INSERT … ON CONFLICT` on the unread-message index
 * (an unread item of the chat is updated, as `storeNotification` does). Two of `list` for the same
 * member and match are stored once, as the later one. Answers, in order, what `storeNotification`
 * would: the stored item's id, link and createdAt, or `null` across a block (issue #17).
 */
export async function storeMessageNotifications(db: Database | Tx, list: readonly NewNotification[]): Promise<Array<StoredNotification | null>> {
  if (list.some((n) => n.type !== 'new_message')) throw new Error('storeMessageNotifications: new_message only');
  const blocked = await blocksAmong(db as Database, [...new Set(list.flatMap((n) => [n.userId, n.fromUser.id]))]);
  const key = (n: { userId: number; matchId: number | null }) => `${n.userId}:${n.matchId}`;
  const latest = new Map<string, NewNotification>();
  for (const n of list) if (n.fromUser.id === n.userId || !blocked(n.userId, n.fromUser.id)) latest.set(key(n), n);
  const stored = new Map<string, StoredNotification>();
  if (latest.size > 0) {
    const rows = await db
      .insert(notifications)
      .values(
        [...latest.values()].map((n) => ({
          userId: n.userId,
          type: n.type,
          matchId: n.matchId,
          scheduleId: n.scheduleId,
          fromUserId: n.fromUser.id,
          fromName: n.fromUser.name,
          message: n.message,
          link: pushUrl(n.type, n.matchId),
          createdAt: n.createdAt,
          publishedAt: null,
        })),
      )
      .onConflictDoUpdate({
        target: [notifications.userId, notifications.matchId],
        // The predicate of notifications_unread_message_unique (written unqualified, as ON CONFLICT wants it).
        targetWhere: sql`type = 'new_message' and read_at is null`,
        set: {
          message: sql`excluded.message`,
          createdAt: sql`excluded.created_at`,
          fromUserId: sql`excluded.from_user_id`,
          fromName: sql`excluded.from_name`,
          scheduleId: sql`excluded.schedule_id`,
          publishedAt: null,
        },
      })
      .returning({ id: notifications.id, link: notifications.link, createdAt: notifications.createdAt, userId: notifications.userId, matchId: notifications.matchId });
    for (const r of rows) stored.set(key(r), { id: r.id, link: r.link, createdAt: r.createdAt });
  }
  return list.map((n) => stored.get(key(n)) ?? null);
}

/** The window within which a flipping seat state is told once (issue #32 item 7). */
export const SEAT_NOTICE_WINDOW_MS = 60_000;

/**
 * The idempotency key of a notice a state flip can repeat (issue #32 item 7): `schedule_full` and
 * `seat_opened` about one meal, within one minute of the app's clock, reach each member once
 * (`notifications_user_dedupe_unique`; `hasRecentRepeat` covers the previous minute's key less
 * than SEAT_NOTICE_WINDOW_MS old); other notices have none (each is its own change).
 */
export function noticeKey(n: Pick<NewNotification, 'type' | 'scheduleId' | 'createdAt'>): string | null {
  if (n.type !== 'schedule_full' && n.type !== 'seat_opened') return null;
  return `${n.type}:${n.scheduleId}:${Math.floor(n.createdAt.getTime() / SEAT_NOTICE_WINDOW_MS)}`;
}

/**
 * True when member `n.userId` already has the keyed notice `n` from the previous minute, less than
 * SEAT_NOTICE_WINDOW_MS before `n.createdAt` (issue #32 item 7). One lookup on
 * `notifications_user_dedupe_unique`; the notice of the same minute is left to that index's
 * ON CONFLICT, so two racing writers still store one.
 */
async function hasRecentRepeat(db: Database | Tx, n: NewNotification): Promise<boolean> {
  const previous = noticeKey({ ...n, createdAt: new Date(n.createdAt.getTime() - SEAT_NOTICE_WINDOW_MS) });
  if (!previous) return false;
  const since = new Date(n.createdAt.getTime() - SEAT_NOTICE_WINDOW_MS);
  const [row] = await (db as Database)
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, n.userId), eq(notifications.dedupeKey, previous), gt(notifications.createdAt, since)))
    .limit(1);
  return !!row;
}

/** Builds the inbox service on `db`; `now` stamps the read marks. */
export function createNotificationsService(db: Database, now: () => Date) {
  /**
   * Stores a notification (before it is published) and answers its id, link and createdAt. A
   * `new_message` for a chat with an unread `new_message` item updates that item and answers its id.
   * Answers `null` — nothing stored, nothing to publish — when the two members are on either side
   * of a block (issue #17: no notifications pass between them). The row is unpublished
   * (`published_at` null) until the live notifier marks it (`markPublished`, issue #28 item 8).
   */
  const store = (n: NewNotification): Promise<StoredNotification | null> => storeNotification(db, n);

  /**
   * Marks notification `id` published at `at` (issue #28 item 8) unless it already is; answers
   * whether this call marked it (false: another publisher — the outbox sweep — got there first).
   * Issue #33 item 3: the calls that come while one UPDATE runs (the notices of a chat batch,
   * published together) are marked together by the next, ONE `UPDATE … WHERE id IN (…)` (group
   * commit, server/lib/group-commit.ts; each at the latest `at` among them).
   */
  const marking = groupCommit<{ id: number; at: Date }, boolean>(async (jobs) => {
    const at = new Date(Math.max(...jobs.map((j) => j.at.getTime())));
    const rows = await db
      .update(notifications)
      .set({ publishedAt: at })
      // bounded: the notices of one group commit (GROUP_COMMIT_MAX at most)
      .where(and(inArray(notifications.id, [...new Set(jobs.map((j) => j.id))]), isNull(notifications.publishedAt)))
      .returning({ id: notifications.id });
    const marked = new Set(rows.map((r) => r.id));
    // Two calls for the same id: the first one marked it.
    return { outcomes: jobs.map((j) => ({ ok: true as const, value: marked.delete(j.id) })) };
  });
  const markPublished = (id: number, at: Date): Promise<boolean> => marking.submit({ id, at });

  /**
   * The caller's items newest first (by id): at most `limit` of them (the route's page size + 1,
   * `pagedList`), with id < `before` when given.
   */
  async function list(userId: number, q: { before?: number; limit: number }): Promise<NotificationItem[]> {
    const conds = [eq(notifications.userId, userId)];
    if (q.before !== undefined) conds.push(lt(notifications.id, q.before));
    const rows = await db
      .select()
      .from(notifications)
      .where(and(...conds))
      .orderBy(desc(notifications.id))
      .limit(q.limit);
    const items = rows.map(itemOf);
    // Issue #32 item 1: a content_hidden item says whether its content was appealed already.
    const hidden = items.filter((i) => i.type === 'content_hidden' && i.target);
    if (hidden.length === 0) return items;
    const appealed = await appealedTargets(db, userId, hidden.map((i) => i.target!));
    return items.map((i) => (i.type === 'content_hidden' && i.target ? { ...i, appealed: appealed.has(`${i.target.type}:${i.target.id}`) } : i));
  }

  /** How many of the caller's items are unread. */
  async function unreadCount(userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return Number(row?.n ?? 0);
  }

  /**
   * Marks the caller's unread items read: those of `ids` (ids of other members' items, unknown or
   * already read ones are ignored) or, with `all: true`, every one. 400 unless exactly one is given.
   * Answers how many items changed.
   */
  async function markRead(userId: number, body: { ids?: number[]; all?: boolean }): Promise<number> {
    const byIds = body.ids !== undefined;
    if (byIds === (body.all === true)) fail('READ_BODY');
    const conds = [eq(notifications.userId, userId), isNull(notifications.readAt)];
    if (byIds) conds.push(inArray(notifications.id, body.ids!));
    const changed = await db
      .update(notifications)
      .set({ readAt: now() })
      .where(and(...conds))
      .returning({ id: notifications.id });
    return changed.length;
  }

  return { store, markPublished, list, unreadCount, markRead };
}

/** The inbox service. */
export type NotificationsService = ReturnType<typeof createNotificationsService>;
