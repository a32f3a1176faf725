/**
 * The table chat (issue #30 item 2) and who is coming (item 1): one conversation per meal for its
 * host and its accepted and confirmed guests (`table_members` rows without `left_at`; written by
 * ./table.ts inside the meal's transactions).
 * - Reading (history, SUBSCRIBE, reads): members only — 404 unknown meal, 403 anyone else (a member
 *   who left, was cancelled or removed included). A deleted (cancelled) meal's members keep reading.
 * - Writing: members, while the meal is not cancelled (409 CHAT_CLOSED '취소된 약속이에요.') and
 *   until 24 h after its start (409 CHAT_READ_ONLY, TABLE_READ_ONLY_HOURS).
 * - Blocks: two guests who blocked each other still share the table they both sat at (the host
 *   cannot be blocked by a seated guest: a block cancels the matches between them, issue #17), but
 *   not each other's words (issue #32 item 5): neither sees the other's messages — in the history,
 *   live (`/topic/table/{id}` skips them, `sendBatch`'s `hiddenFrom`), in the chat list's last message
 *   and unread counts — nor is pushed or counted as an unread reader of them. System lines reach
 *   everyone. A new request to the meal across a block with anyone seated is refused (403 BLOCKED).
 */
import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { TableMessage } from '../../../common/realtime.ts';
import type { TableMember, TableMembersAnswer } from '../../../common/api/chat.ts';
import { chatStates, matchRequests, schedules, tableMembers, tableMessages, users } from '../../db/schema.ts';
import type { Database, Tx } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { assertAppropriate } from '../../lib/content-filter.ts';
import { blocksAmong, isBlockedBetween, notBlockedWith } from '../blocks/public.ts';
import { fail } from '../../lib/errors.ts';
import { batchRowsJson, wellFormed } from '../../lib/group-commit.ts';
import { memberStats, NO_STATS } from '../meals/public.ts';
import { averageRating } from '../../lib/user-view.ts';
import { readPositions } from './states.ts';

/** Hours after the start when a table chat becomes read-only. */
export const TABLE_READ_ONLY_HOURS = 24;

/** A table and the caller's place at it. */
export interface TableRoom {
  scheduleId: number;
  hostId: number;
  placeName: string;
  startsAt: Date;
  cancelled: boolean;
  /** Active members (host first). */
  memberIds: number[];
}

/**
 * One table SEND waiting for its group commit (issue #33 item 3): `text` already trimmed and
 * 1–1000 characters (./table-live.ts checks it first, before queueing the SEND: 400 CHAT_CONTENT_LENGTH).
 */
export interface TableSendJob {
  senderId: number;
  scheduleId: number;
  text: string;
  clientId?: string;
}

/** A stored table SEND: what `sendBatch` answers for it. */
export interface TableSent {
  message: TableMessage;
  room: TableRoom;
  duplicate: boolean;
  hiddenFrom: number[];
}

/** What one SEND of a batch came to: stored (or a repeat of a stored one), or refused (an AppError). */
export type TableSendOutcome = { ok: true; value: TableSent } | { ok: false; error: unknown };

/** Builds the table chat service. */
export function createTableService(deps: { db: Database; now: Clock }) {
  const { db, now } = deps;

  /** The meal and its active members, or null (unknown meal). */
  async function room(scheduleId: number): Promise<TableRoom | null> {
    const [s] = await db
      .select({ hostId: schedules.userId, placeName: schedules.placeName, startsAt: schedules.startsAt, cancelledAt: schedules.cancelledAt })
      .from(schedules)
      .where(eq(schedules.id, scheduleId));
    if (!s) return null;
    const members = await db
      .select({ userId: tableMembers.userId })
      .from(tableMembers)
      .where(and(eq(tableMembers.scheduleId, scheduleId), isNull(tableMembers.leftAt)))
      .orderBy(desc(sql`${tableMembers.role} = 'host'`), tableMembers.joinedAt, tableMembers.userId);
    return { scheduleId, hostId: s.hostId, placeName: s.placeName, startsAt: s.startsAt, cancelled: !!s.cancelledAt, memberIds: members.map((m) => m.userId) };
  }

  /** Whether `userId` is a member now (SUBSCRIBE to `/topic/table/{id}` and its reads). */
  async function isMember(userId: number, scheduleId: number): Promise<boolean> {
    const [row] = await db
      .select({ one: sql<number>`1` })
      .from(tableMembers)
      .where(and(eq(tableMembers.scheduleId, scheduleId), eq(tableMembers.userId, userId), isNull(tableMembers.leftAt)));
    return !!row;
  }

  /**
   * The room for a member: 404 TABLE_NOT_FOUND unknown meal; 403 NOT_TABLE_MEMBER not a member now;
   * for writing 409 CHAT_CLOSED (cancelled) / CHAT_READ_ONLY (24 h after the start).
   */
  async function requireTable(userId: number, scheduleId: number, access: 'read' | 'write'): Promise<TableRoom> {
    const r = await room(scheduleId);
    if (!r) fail('TABLE_NOT_FOUND');
    if (!r.memberIds.includes(userId)) fail('NOT_TABLE_MEMBER');
    if (access === 'write') {
      if (r.cancelled) fail('CHAT_CLOSED');
      if (now().getTime() >= r.startsAt.getTime() + TABLE_READ_ONLY_HOURS * 3_600_000) fail('CHAT_READ_ONLY');
    }
    return r;
  }

  /**
   * Unread counts of `messages` (text lines only) given the members' read positions; a member across
   * a block with the sender (`across`) never gets the message, so is not waited for (issue #32 item 5).
   */
  function withUnread(rows: Array<Omit<TableMessage, 'unreadCount'>>, positions: Map<number, number>, across: (a: number | null, b: number | null) => boolean): TableMessage[] {
    return rows.map((m) => ({
      ...m,
      unreadCount: m.kind === 'system' ? 0 : [...positions.entries()].filter(([u, pos]) => u !== m.senderId && pos < m.id && !across(u, m.senderId)).length,
    }));
  }

  const cols = {
    id: tableMessages.id,
    scheduleId: tableMessages.scheduleId,
    kind: tableMessages.kind,
    senderId: tableMessages.senderId,
    senderName: sql<string>`coalesce(${users.name}, '')`,
    content: tableMessages.content,
    clientId: tableMessages.clientId,
    createdAt: tableMessages.createdAt,
  };
  const toMessage = ({ clientId, createdAt, ...r }: { clientId: string | null; createdAt: Date } & Omit<TableMessage, 'clientId' | 'createdAt' | 'unreadCount'>) => ({
    ...r,
    ...(clientId ? { clientId } : {}),
    createdAt: new Date(createdAt).toISOString(),
  });

  return {
    room,
    isMember,
    requireTable,

    /**
     * Stores the text messages of table SENDs `jobs` (each from member `senderId`) through
     * transaction `tx` — group commit (issue #33 item 3), in a fixed number of statements whatever
     * their count — the meals, their
     * members (with their names), the blocks among them and their read positions (one query
     * each), ONE multi-row `INSERT … ON CONFLICT DO NOTHING RETURNING`, the repeats of a client id
     * (when any) and ONE upsert of the senders' read positions. Answers one outcome per job, in
     * order, each as it would have been answered had the jobs come one after another: the message
     * with its unread count (the sender's read position moves to it), the room and `hiddenFrom`,
     * the active members across a block with the sender, whom it must not reach (issue #32 item
     * 5); with a `clientId` a repeat answers the stored message with `duplicate: true`. Or a refusal (404 TABLE_NOT_FOUND, 403 NOT_TABLE_MEMBER, 409 CHAT_CLOSED /
     * CHAT_READ_ONLY / CLIENT_ID_REUSED, 400 INAPPROPRIATE_TEXT) leaves the others stored. A
     * database error rejects (the caller's transaction rolls back: nothing of the batch is stored).
     */
    async sendBatch(tx: Tx, given: readonly TableSendJob[]): Promise<TableSendOutcome[]> {
      // Stored, answered and published alike: a lone surrogate becomes U+FFFD, as PostgreSQL stores it.
      const jobs = given.map((job) => ({ ...job, text: wellFormed(job.text) }));
      const outcomes: Array<TableSendOutcome | undefined> = jobs.map(() => undefined);
      const scheduleIds = [...new Set(jobs.map((j) => j.scheduleId))];
      const meals = await tx
        .select({ id: schedules.id, hostId: schedules.userId, placeName: schedules.placeName, startsAt: schedules.startsAt, cancelledAt: schedules.cancelledAt })
        .from(schedules)
        // bounded: the meals of one batch
        .where(inArray(schedules.id, scheduleIds));
      const memberRows = await tx
        .select({ scheduleId: tableMembers.scheduleId, userId: tableMembers.userId, name: sql<string>`coalesce((select ${users.name} from ${users} where ${users.id} = ${tableMembers.userId}), '')` })
        .from(tableMembers)
        // bounded: the meals of one batch (capacity ≤ 8 each)
        .where(and(inArray(tableMembers.scheduleId, scheduleIds), isNull(tableMembers.leftAt)))
        .orderBy(desc(sql`${tableMembers.role} = 'host'`), tableMembers.joinedAt, tableMembers.userId);
      const rooms = new Map<number, TableRoom>(
        meals.map((m) => [
          m.id,
          { scheduleId: m.id, hostId: m.hostId, placeName: m.placeName, startsAt: m.startsAt, cancelled: !!m.cancelledAt, memberIds: memberRows.filter((r) => r.scheduleId === m.id).map((r) => r.userId) },
        ]),
      );
      const valid: number[] = [];
      jobs.forEach((job, i) => {
        try {
          // The rules of requireTable(…, 'write'), in its order, then the content filter.
          const r = rooms.get(job.scheduleId);
          if (!r) fail('TABLE_NOT_FOUND');
          if (!r.memberIds.includes(job.senderId)) fail('NOT_TABLE_MEMBER');
          if (r.cancelled) fail('CHAT_CLOSED');
          if (now().getTime() >= r.startsAt.getTime() + TABLE_READ_ONLY_HOURS * 3_600_000) fail('CHAT_READ_ONLY');
          assertAppropriate({ content: job.text });
          valid.push(i);
        } catch (error) {
          outcomes[i] = { ok: false, error };
        }
      });
      if (valid.length === 0) return outcomes as TableSendOutcome[];
      const allMembers = [...new Set(memberRows.map((r) => r.userId))];
      const across = await blocksAmong(tx as unknown as Database, allMembers);
      // Read positions before the batch; each stored message then moves its sender's, in order.
      const positions = new Map<number, Map<number, number>>([...rooms.values()].map((r) => [r.scheduleId, new Map(r.memberIds.map((u) => [u, 0]))]));
      const states = await tx
        .select({ userId: chatStates.userId, scheduleId: chatStates.conversationId, lastReadId: chatStates.lastReadId })
        .from(chatStates)
        // bounded: the meals of one batch
        .where(and(eq(chatStates.kind, 'table'), inArray(chatStates.conversationId, scheduleIds)));
      for (const st of states) if (positions.get(st.scheduleId)?.has(st.userId)) positions.get(st.scheduleId)!.set(st.userId, st.lastReadId);
      // The senders are members: their names came with the members.
      const names = new Map(memberRows.map((r) => [r.userId, r.name]));
      // The rows as ONE JSON parameter read back in order (issue #33 item 3; as the 1:1 chat's
      // sendBatch, ./service.ts: drizzle's multi-row VALUES cost CPU per row to build). An INSERT …
      // SELECT … ORDER BY stores its rows in that order and draws their ids in that order: walking
      // both in order pairs each stored row with its job; a job with no row is a repeat.
      const rows = valid.map((i, o) => ({ o, m: jobs[i]!.scheduleId, s: jobs[i]!.senderId, c: jobs[i]!.text, k: jobs[i]!.clientId ?? null }));
      const result = await tx.execute<{ id: number; schedule_id: number; sender_id: number; client_id: string | null; created_ms: number }>(sql`
        insert into ${tableMessages} (schedule_id, sender_id, kind, content, client_id)
        select r.m, r.s, 'text', r.c, r.k from json_to_recordset(${batchRowsJson(rows)}::json) as r(o int, m int, s int, c text, k text) order by r.o
        on conflict do nothing
        returning id, schedule_id, sender_id, client_id, floor(extract(epoch from created_at) * 1000)::float8 as created_ms`);
      const inserted = ((Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as Array<{ id: number; schedule_id: number; sender_id: number; client_id: string | null; created_ms: number }>).map((r) => ({
        id: Number(r.id),
        scheduleId: Number(r.schedule_id),
        senderId: Number(r.sender_id) as number | null,
        clientId: r.client_id,
        createdAt: new Date(Number(r.created_ms)),
      }));
      inserted.sort((a, b) => a.id - b.id);
      let next = 0;
      const repeats: number[] = [];
      const reads = new Map<string, { userId: number; scheduleId: number; id: number }>();
      const sent = (job: TableSendJob, row: { id: number; content: string; clientId: string | null; createdAt: Date }, duplicate: boolean): TableSent => {
        const r = rooms.get(job.scheduleId)!;
        const [message] = withUnread(
          [toMessage({ id: row.id, scheduleId: job.scheduleId, kind: 'text', senderId: job.senderId, senderName: names.get(job.senderId) ?? '', content: row.content, clientId: row.clientId, createdAt: row.createdAt })],
          positions.get(job.scheduleId)!,
          across,
        );
        return { message: message!, room: r, duplicate, hiddenFrom: r.memberIds.filter((u) => across(u, job.senderId)) };
      };
      for (const i of valid) {
        const job = jobs[i]!;
        const row = inserted[next];
        if (row && row.senderId === job.senderId && row.scheduleId === job.scheduleId && (row.clientId ?? undefined) === job.clientId) {
          next += 1;
          // The sender has read their own message (issue #30 item 3).
          const pos = positions.get(job.scheduleId)!;
          pos.set(job.senderId, Math.max(pos.get(job.senderId) ?? 0, row.id));
          reads.set(`${job.senderId}:${job.scheduleId}`, { userId: job.senderId, scheduleId: job.scheduleId, id: row.id });
          outcomes[i] = { ok: true, value: sent(job, { id: row.id, content: job.text, clientId: row.clientId, createdAt: row.createdAt }, false) };
        } else repeats.push(i);
      }
      if (repeats.length > 0) {
        const firsts = await tx
          .select({ id: tableMessages.id, scheduleId: tableMessages.scheduleId, senderId: tableMessages.senderId, clientId: tableMessages.clientId, content: tableMessages.content, createdAt: tableMessages.createdAt })
          .from(tableMessages)
          // bounded: the repeats of one batch
          .where(or(...repeats.map((i) => and(eq(tableMessages.senderId, jobs[i]!.senderId), eq(tableMessages.clientId, jobs[i]!.clientId ?? '')))));
        for (const i of repeats) {
          const job = jobs[i]!;
          const first = firsts.find((f) => f.senderId === job.senderId && f.clientId === job.clientId);
          try {
            if (!first || first.scheduleId !== job.scheduleId) fail('CLIENT_ID_REUSED');
            outcomes[i] = { ok: true, value: sent(job, first, true) };
          } catch (error) {
            outcomes[i] = { ok: false, error };
          }
        }
      }
      if (reads.size > 0) {
        await tx
          .insert(chatStates)
          .values([...reads.values()].map((r) => ({ userId: r.userId, kind: 'table' as const, conversationId: r.scheduleId, lastReadId: r.id })))
          .onConflictDoUpdate({ target: [chatStates.userId, chatStates.kind, chatStates.conversationId], set: { lastReadId: sql`greatest(${chatStates.lastReadId}, excluded.last_read_id)` } });
      }
      return outcomes as TableSendOutcome[];
    },

    /**
     * `unreadByMember` for several tables in ONE statement (issue #33 item 3), through `db` (the
     * batch's transaction): scheduleId → (userId → {unread, muted}).
     */
    async unreadByMembers(db: Database | Tx, scheduleIds: readonly number[]): Promise<Map<number, Map<number, { unread: number; muted: boolean }>>> {
      const answer = new Map<number, Map<number, { unread: number; muted: boolean }>>();
      if (scheduleIds.length === 0) return answer;
      const rows = await db.execute<{ schedule_id: number; user_id: number; unread: number; muted: boolean }>(sql`
        select tm.schedule_id, tm.user_id, count(m.id)::int as unread, coalesce(bool_or(cs.muted), false) as muted
        from ${tableMembers} tm
        left join ${chatStates} cs on cs.user_id = tm.user_id and cs.kind = 'table' and cs.conversation_id = tm.schedule_id
        left join ${tableMessages} m on m.schedule_id = tm.schedule_id and m.id > coalesce(cs.last_read_id, 0) and m.kind = 'text'
          and m.sender_id is distinct from tm.user_id and m.hidden_at is null and ${notBlockedWith(sql`tm.user_id`, sql`m.sender_id`)}
        where tm.schedule_id in (${sql.join(
          scheduleIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and tm.left_at is null
        group by tm.schedule_id, tm.user_id`);
      const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: unknown[] }).rows) as Array<{ schedule_id: number; user_id: number; unread: number; muted: boolean }>;
      for (const r of list) {
        const m = answer.get(Number(r.schedule_id)) ?? new Map<number, { unread: number; muted: boolean }>();
        m.set(Number(r.user_id), { unread: Number(r.unread), muted: !!r.muted });
        answer.set(Number(r.schedule_id), m);
      }
      return answer;
    },

    /**
     * History for a member, NEWEST FIRST (issue #30: same paging as every list): the `limit` newest
     * messages with id < `before` (all when absent). Hidden messages are left out, and so are the
     * messages of a member across a block with the reader, either way (issue #32 item 5).
     */
    async history(userId: number, scheduleId: number, q: { before?: number; limit: number }): Promise<TableMessage[]> {
      const r = await requireTable(userId, scheduleId, 'read');
      const rows = await db
        .select(cols)
        .from(tableMessages)
        .leftJoin(users, eq(users.id, tableMessages.senderId))
        .where(
          and(
            eq(tableMessages.scheduleId, scheduleId),
            isNull(tableMessages.hiddenAt),
            notBlockedWith(userId, tableMessages.senderId),
            q.before !== undefined ? lt(tableMessages.id, q.before) : undefined,
          ),
        )
        .orderBy(desc(tableMessages.id))
        .limit(q.limit);
      return withUnread(rows.map(toMessage), await readPositions(db, 'table', scheduleId, r.memberIds), await blocksAmong(db, r.memberIds));
    },

    /** The member's unread messages in the table (text lines of others after their read position, none across a block). */
    async unreadOf(userId: number, scheduleId: number): Promise<number> {
      const [pos] = [...(await readPositions(db, 'table', scheduleId, [userId])).values()];
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(tableMessages)
        .where(
          and(
            eq(tableMessages.scheduleId, scheduleId),
            gt(tableMessages.id, pos ?? 0),
            eq(tableMessages.kind, 'text'),
            ne(tableMessages.senderId, userId),
            isNull(tableMessages.hiddenAt),
            notBlockedWith(userId, tableMessages.senderId),
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * Each active member's unread count (others' text lines after their read position, none across a
     * block: issue #32 item 5) and mute, in one statement: userId → `{unread, muted}` (the chat
     * list's live event, push).
     */
    async unreadByMember(scheduleId: number): Promise<Map<number, { unread: number; muted: boolean }>> {
      const rows = await db.execute<{ user_id: number; unread: number; muted: boolean }>(sql`
        select tm.user_id, count(m.id)::int as unread, coalesce(bool_or(cs.muted), false) as muted
        from ${tableMembers} tm
        left join ${chatStates} cs on cs.user_id = tm.user_id and cs.kind = 'table' and cs.conversation_id = tm.schedule_id
        left join ${tableMessages} m on m.schedule_id = tm.schedule_id and m.id > coalesce(cs.last_read_id, 0) and m.kind = 'text'
          and m.sender_id is distinct from tm.user_id and m.hidden_at is null and ${notBlockedWith(sql`tm.user_id`, sql`m.sender_id`)}
        where tm.schedule_id = ${scheduleId} and tm.left_at is null
        group by tm.user_id`);
      const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: Array<{ user_id: number; unread: number; muted: boolean }> }).rows) as Array<{ user_id: number; unread: number; muted: boolean }>;
      return new Map(list.map((r) => [Number(r.user_id), { unread: Number(r.unread), muted: !!r.muted }]));
    },

    /** The newest message id of the table (0 when none). */
    async newestId(scheduleId: number): Promise<number> {
      const [row] = await db.select({ id: sql<number | null>`max(${tableMessages.id})` }).from(tableMessages).where(eq(tableMessages.scheduleId, scheduleId));
      return Number(row?.id ?? 0);
    },

    /**
     * `GET /api/schedules/{id}/members` (issue #30 item 1): for the host and the accepted and
     * confirmed guests, every one of them (host first, then by acceptance) with their figures; for
     * another signed-in member, `{count, host}`. 404 unknown or deleted meal, and also when the
     * caller and the host blocked each other (the meal is hidden from them as everywhere, issue #17).
     */
    async members(viewerId: number, scheduleId: number): Promise<TableMembersAnswer> {
      const [s] = await db.select({ hostId: schedules.userId, cancelledAt: schedules.cancelledAt, hiddenAt: schedules.hiddenAt }).from(schedules).where(eq(schedules.id, scheduleId));
      if (!s || s.cancelledAt) fail('TABLE_NOT_FOUND');
      if (s.hiddenAt && s.hostId !== viewerId) fail('TABLE_NOT_FOUND');
      if (viewerId !== s.hostId && (await isBlockedBetween(db, viewerId, s.hostId))) fail('TABLE_NOT_FOUND');
      const guests = await db
        .select({ userId: matchRequests.requesterId, status: matchRequests.status })
        .from(matchRequests)
        // bounded: two statuses
        .where(and(eq(matchRequests.scheduleId, scheduleId), inArray(matchRequests.status, ['ACCEPTED', 'CONFIRMED'])))
        .orderBy(matchRequests.updatedAt, matchRequests.id);
      const ids = [s.hostId, ...guests.map((g) => g.userId)];
      const people = await db
        .select({ id: users.id, name: users.name, profileImage: users.profileImage, ratingSum: users.ratingSum, reviewCount: users.reviewCount })
        .from(users)
        // bounded: the host and the seated guests of one meal (capacity ≤ 8, SPEC §5)
        .where(inArray(users.id, ids));
      const stats = await memberStats(db, ids, now());
      const entry = (id: number, status: TableMember['status']): TableMember => {
        const p = people.find((x) => x.id === id);
        return {
          id,
          name: p?.name ?? '',
          profileImage: p?.profileImage ?? null,
          role: status === 'HOST' ? 'host' : 'guest',
          status,
          rating: averageRating(p?.ratingSum ?? 0, p?.reviewCount ?? 0),
          reviewCount: p?.reviewCount ?? 0,
          ...(stats.get(id) ?? NO_STATS),
        };
      };
      const host = entry(s.hostId, 'HOST');
      if (!ids.includes(viewerId)) return { count: ids.length, host };
      return [host, ...guests.map((g) => entry(g.userId, g.status as 'ACCEPTED' | 'CONFIRMED'))];
    },
  };
}

/** The table chat service. */
export type TableService = ReturnType<typeof createTableService>;
