/**
 * Chat (SPEC §2 Chat, §4 Chat, §5 chat send; issue #4): who may chat in a match, storing a
 * message and the history. Only the host and the requester of an ACCEPTED or CONFIRMED match.
 * Issue #15: the chat of a CANCELLED match stays readable by both sides; sending into it is
 * refused with 409 CHAT_CLOSED.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { ChatMessage } from '../../../common/realtime.ts';
import { chatMessages, chatStates, matchRequests, schedules, users } from '../../db/schema.ts';
import { readPositions } from './states.ts';
import type { Database, Tx } from '../../db/database.ts';
import { isBlockedBetween, notBlockedWith } from '../blocks/public.ts';
import { assertAppropriate } from '../../lib/content-filter.ts';
import { fail } from '../../lib/errors.ts';
import { batchRowsJson, wellFormed } from '../../lib/group-commit.ts';


/** A match's chat membership. */
export interface ChatRoom {
  matchId: number;
  scheduleId: number;
  hostId: number;
  requesterId: number;
  open: boolean;
  /** The match was cancelled (issue #15): history readable, no new messages. */
  cancelled: boolean;
}

/**
 * One SEND waiting for its group commit (issue #33 item 3): `text` already trimmed and 1–1000
 * characters (./live.ts checks it first, before queueing the SEND: 400 CHAT_CONTENT_LENGTH).
 */
export interface ChatSendJob {
  senderId: number;
  matchId: number;
  text: string;
  clientId?: string;
}

/** What one SEND of a batch came to: stored (or a repeat of a stored one), or refused (an AppError). */
export type ChatSendOutcome = { ok: true; value: { message: ChatMessage; room: ChatRoom; duplicate: boolean } } | { ok: false; error: unknown };

/** Each member's unread count (the other's messages after their read position) and mute, in one conversation. */
export type MemberStates = Map<number, { unread: number; muted: boolean }>;

/** Builds the chat service. */
export function createChatService(db: Database) {
  /** The match's participants and whether chat is open (ACCEPTED/CONFIRMED), or null. */
  async function room(matchId: number): Promise<ChatRoom | null> {
    const [m] = await db
      .select({ status: matchRequests.status, scheduleId: matchRequests.scheduleId, requesterId: matchRequests.requesterId, hostId: schedules.userId })
      .from(matchRequests)
      .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
      .where(eq(matchRequests.id, matchId));
    if (!m) return null;
    return {
      matchId,
      scheduleId: m.scheduleId,
      hostId: m.hostId,
      requesterId: m.requesterId,
      open: m.status === 'ACCEPTED' || m.status === 'CONFIRMED',
      cancelled: m.status === 'CANCELLED',
    };
  }

  /**
   * True when `userId` may follow the chat of `matchId` live (SUBSCRIBE to its topic and reads): a
   * participant of an open match. Across a block between the two it throws 409 CHAT_BLOCKED
   * '메시지를 보낼 수 없는 회원이에요.' (issue #32 item 5: a chat whose meal had started before the
   * block stays readable over HTTP, but nothing reaches either side live; the live channel tells
   * the refusal on `/user/queue/errors` and keeps the session).
   */
  async function canChat(userId: number, matchId: number): Promise<boolean> {
    const r = await room(matchId);
    if (!r || !r.open || (r.hostId !== userId && r.requesterId !== userId)) return false;
    if (await isBlockedBetween(db, r.hostId, r.requesterId)) fail('CHAT_BLOCKED');
    return true;
  }

  /**
   * The room, or 404 (unknown match) / 403 (not a participant, or chat never open). A cancelled
   * match's room is answered for reading; for writing it is 409 CHAT_CLOSED.
   */
  async function requireRoom(userId: number, matchId: number, access: 'read' | 'write' = 'write'): Promise<ChatRoom> {
    const r = await room(matchId);
    if (!r) fail('MATCH_NOT_FOUND');
    if (r.hostId !== userId && r.requesterId !== userId) fail('CHAT_FORBIDDEN');
    if (r.cancelled && access === 'write') fail('CHAT_CLOSED');
    if (!r.open && !(r.cancelled && access === 'read')) fail('CHAT_FORBIDDEN');
    // Issue #17: no messages across a block (409, so a live session is told on /user/queue/errors and stays).
    if (access === 'write' && (await isBlockedBetween(db, r.hostId, r.requesterId))) fail('CHAT_BLOCKED');
    return r;
  }

  /**
   * Stores the messages of SENDs `jobs` (each from its `senderId`, the session's member; any sender
   * in the payload is ignored) through transaction `tx` — group commit (issue #33 item 3), in a
   * fixed number of statements whatever their count — ONE query for the rooms, the
   * blocks between their members and their names, ONE multi-row `INSERT … ON CONFLICT DO NOTHING
   * RETURNING`, the repeats of a client id (when any) and ONE upsert of the senders' read positions. Answers one outcome per job, in order: a refusal (404 MATCH_NOT_FOUND, 403
   * CHAT_FORBIDDEN, 409 CHAT_CLOSED / CHAT_BLOCKED / CLIENT_ID_REUSED, 400 INAPPROPRIATE_TEXT) leaves the others stored.
   * With a `clientId` (issue #16) a repeat from the same sender answers the message stored the
   * first time with `duplicate: true` and stores nothing (the unique index holds under concurrent
   * repeats); a `clientId` the sender used in another chat is 409 CLIENT_ID_REUSED. The sender has
   * read their own message (issue #30 item 3); it answers `unreadCount: 1`. A database error
   * rejects (the caller's transaction rolls back: nothing of the batch is stored). Stored messages
   * get ids in the order of `jobs`.
   */
  async function sendBatch(tx: Tx, given: readonly ChatSendJob[]): Promise<ChatSendOutcome[]> {
    // Stored, answered and published alike: a lone surrogate becomes U+FFFD, as PostgreSQL stores it.
    const jobs = given.map((job) => ({ ...job, text: wellFormed(job.text) }));
    const outcomes: Array<ChatSendOutcome | undefined> = jobs.map(() => undefined);
    const matchIds = [...new Set(jobs.map((j) => j.matchId))];
    // The rooms, whether their two members are across a block and their names (the senders'), in one query.
    const roomRows = await tx
      .select({
        matchId: matchRequests.id,
        status: matchRequests.status,
        scheduleId: matchRequests.scheduleId,
        requesterId: matchRequests.requesterId,
        hostId: schedules.userId,
        blocked: sql<boolean>`not ${notBlockedWith(schedules.userId, matchRequests.requesterId)}`,
        hostName: sql<string>`(select ${users.name} from ${users} where ${users.id} = ${schedules.userId})`,
        requesterName: sql<string>`(select ${users.name} from ${users} where ${users.id} = ${matchRequests.requesterId})`,
      })
      .from(matchRequests)
      .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
      // bounded: the matches of one batch (GROUP_COMMIT_MAX SENDs at most)
      .where(inArray(matchRequests.id, matchIds));
    const rooms = new Map<number, ChatRoom>(
      roomRows.map((m) => [
        m.matchId,
        { matchId: m.matchId, scheduleId: m.scheduleId, hostId: m.hostId, requesterId: m.requesterId, open: m.status === 'ACCEPTED' || m.status === 'CONFIRMED', cancelled: m.status === 'CANCELLED' },
      ]),
    );
    const blockedRooms = new Set(roomRows.filter((r) => r.blocked).map((r) => r.matchId));
    const names = new Map<number, string>(roomRows.flatMap((r) => [[r.hostId, r.hostName ?? ''] as const, [r.requesterId, r.requesterName ?? ''] as const]));
    const valid: number[] = [];
    jobs.forEach((job, i) => {
      try {
        // The rules of requireRoom(…, 'write'), in its order.
        const r = rooms.get(job.matchId);
        if (!r) fail('MATCH_NOT_FOUND');
        if (r.hostId !== job.senderId && r.requesterId !== job.senderId) fail('CHAT_FORBIDDEN');
        if (r.cancelled) fail('CHAT_CLOSED');
        if (!r.open) fail('CHAT_FORBIDDEN');
        if (blockedRooms.has(r.matchId)) fail('CHAT_BLOCKED');
        // Issue #17 item 7: refused before anything is stored.
        assertAppropriate({ content: job.text });
        valid.push(i);
      } catch (error) {
        outcomes[i] = { ok: false, error };
      }
    });
    if (valid.length === 0) return outcomes as ChatSendOutcome[];
    // The rows travel as ONE JSON parameter, read back in order by `json_to_recordset` (issue #33
    // item 3: drizzle's multi-row VALUES cost ~15 µs of CPU a row to build, a sixth of a stored
    // SEND's server CPU at 2000/s; this statement costs the same whatever the batch). An INSERT …
    // SELECT … ORDER BY stores its rows in that order and draws their ids in that order: walking
    // both in order pairs each stored row with its job; a job with no row is a repeat.
    // `created_at` comes back as epoch ms (float8), the same on postgres-js and PGlite.
    const rows = valid.map((i, o) => ({ o, m: jobs[i]!.matchId, s: jobs[i]!.senderId, c: jobs[i]!.text, k: jobs[i]!.clientId ?? null }));
    const result = await tx.execute<{ id: number; match_id: number; sender_id: number; client_id: string | null; created_ms: number }>(sql`
      insert into ${chatMessages} (match_id, sender_id, content, client_id)
      select r.m, r.s, r.c, r.k from json_to_recordset(${batchRowsJson(rows)}::json) as r(o int, m int, s int, c text, k text) order by r.o
      on conflict do nothing
      returning id, match_id, sender_id, client_id, floor(extract(epoch from created_at) * 1000)::float8 as created_ms`);
    const inserted = ((Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as Array<{ id: number; match_id: number; sender_id: number; client_id: string | null; created_ms: number }>).map((r) => ({
      id: Number(r.id),
      matchId: Number(r.match_id),
      senderId: Number(r.sender_id),
      clientId: r.client_id,
      createdAt: Number(r.created_ms),
    }));
    inserted.sort((a, b) => a.id - b.id);
    let next = 0;
    const repeats: number[] = [];
    const reads = new Map<string, { userId: number; matchId: number; id: number }>();
    for (const i of valid) {
      const job = jobs[i]!;
      const row = inserted[next];
      if (row && row.senderId === job.senderId && row.matchId === job.matchId && (row.clientId ?? undefined) === job.clientId) {
        next += 1;
        // Issue #30 item 3: the sender has read their own message; the partner has not.
        reads.set(`${job.senderId}:${job.matchId}`, { userId: job.senderId, matchId: job.matchId, id: row.id });
        outcomes[i] = {
          ok: true,
          value: {
            room: rooms.get(job.matchId)!,
            duplicate: false,
            message: {
              id: row.id,
              matchId: job.matchId,
              senderId: job.senderId,
              senderName: names.get(job.senderId) ?? '',
              content: job.text,
              ...(job.clientId ? { clientId: job.clientId } : {}),
              createdAt: new Date(row.createdAt).toISOString(),
              unreadCount: 1,
            },
          },
        };
      } else repeats.push(i);
    }
    if (repeats.length > 0) {
      // Issue #16: a repeated client id answers the message stored the first time (in this batch or before).
      const firsts = await tx
        .select({ id: chatMessages.id, matchId: chatMessages.matchId, senderId: chatMessages.senderId, clientId: chatMessages.clientId, content: chatMessages.content, createdAt: chatMessages.createdAt })
        .from(chatMessages)
        // bounded: the repeats of one batch
        .where(or(...repeats.map((i) => and(eq(chatMessages.senderId, jobs[i]!.senderId), eq(chatMessages.clientId, jobs[i]!.clientId ?? '')))));
      for (const i of repeats) {
        const job = jobs[i]!;
        const first = firsts.find((f) => f.senderId === job.senderId && f.clientId === job.clientId);
        try {
          if (!first || first.matchId !== job.matchId) fail('CLIENT_ID_REUSED');
          outcomes[i] = {
            ok: true,
            value: {
              room: rooms.get(job.matchId)!,
              duplicate: true,
              message: { id: first.id, matchId: job.matchId, senderId: job.senderId, senderName: names.get(job.senderId) ?? '', content: first.content, clientId: job.clientId, createdAt: new Date(first.createdAt).toISOString() },
            },
          };
        } catch (error) {
          outcomes[i] = { ok: false, error };
        }
      }
    }
    if (reads.size > 0) {
      await tx
        .insert(chatStates)
        .values([...reads.values()].map((r) => ({ userId: r.userId, kind: 'match' as const, conversationId: r.matchId, lastReadId: r.id })))
        .onConflictDoUpdate({ target: [chatStates.userId, chatStates.kind, chatStates.conversationId], set: { lastReadId: sql`greatest(${chatStates.lastReadId}, excluded.last_read_id)` } });
    }
    return outcomes as ChatSendOutcome[];
  }

  /**
   * `unreadByMember` for several rooms in ONE statement (issue #33 item 3: the chat list's live
   * event and the mute of each member after a batch), through `db` (the batch's transaction):
   * matchId → (userId → {unread, muted}).
   */
  async function statesOf(db: Database | Tx, rooms: readonly ChatRoom[]): Promise<Map<number, MemberStates>> {
    const answer = new Map<number, MemberStates>();
    if (rooms.length === 0) return answer;
    const members = rooms.flatMap((r) => [sql`(${r.matchId}::int, ${r.hostId}::int, ${r.requesterId}::int)`, sql`(${r.matchId}::int, ${r.requesterId}::int, ${r.hostId}::int)`]);
    const result = await db.execute<{ match_id: number; user_id: number; unread: number; muted: boolean }>(sql`
      select v.match_id, v.user_id, coalesce(cs.muted, false) as muted,
        (select count(*)::int from ${chatMessages} m
          where m.match_id = v.match_id and m.sender_id = v.other_id and m.id > coalesce(cs.last_read_id, 0) and m.hidden_at is null) as unread
      from (values ${sql.join(members, sql`, `)}) as v(match_id, user_id, other_id)
      left join ${chatStates} cs on cs.user_id = v.user_id and cs.kind = 'match' and cs.conversation_id = v.match_id`);
    const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as Array<{ match_id: number; user_id: number; unread: number; muted: boolean }>;
    for (const r of rows) {
      const states = answer.get(Number(r.match_id)) ?? new Map();
      states.set(Number(r.user_id), { unread: Number(r.unread), muted: !!r.muted });
      answer.set(Number(r.match_id), states);
    }
    return answer;
  }

  /**
   * History for a participant, oldest first: the newest `limit` messages with id < `before` (all
   * when absent), or with `after`, the oldest `limit` messages with id > `after`.
   */
  async function history(userId: number, matchId: number, q: { before?: number; after?: number; limit?: number }): Promise<ChatMessage[]> {
    await requireRoom(userId, matchId, 'read');
    const limit = Math.min(Math.max(q.limit ?? 100, 1), 200);
    const cols = {
      id: chatMessages.id,
      matchId: chatMessages.matchId,
      senderId: chatMessages.senderId,
      senderName: users.name,
      content: chatMessages.content,
      clientId: chatMessages.clientId,
      createdAt: chatMessages.createdAt,
    };
    // Issue #17: a hidden message (reports or a moderator) is not returned.
    const conds = [eq(chatMessages.matchId, matchId), isNull(chatMessages.hiddenAt)];
    if (q.before !== undefined) conds.push(lt(chatMessages.id, q.before));
    let rows;
    if (q.after !== undefined) {
      conds.push(gt(chatMessages.id, q.after));
      rows = await db.select(cols).from(chatMessages).innerJoin(users, eq(users.id, chatMessages.senderId)).where(and(...conds)).orderBy(asc(chatMessages.id)).limit(limit);
    } else {
      rows = (
        await db.select(cols).from(chatMessages).innerJoin(users, eq(users.id, chatMessages.senderId)).where(and(...conds)).orderBy(desc(chatMessages.id)).limit(limit)
      ).reverse();
    }
    // Issue #30 item 3: "1" while the other participant has not read it.
    const r = (await room(matchId))!;
    const positions = await readPositions(db, 'match', matchId, [r.hostId, r.requesterId]);
    const unread = (senderId: number, id: number) => ((positions.get(senderId === r.hostId ? r.requesterId : r.hostId) ?? 0) < id ? 1 : 0);
    return rows.map(({ clientId, ...m }) => ({ ...m, ...(clientId ? { clientId } : {}), createdAt: m.createdAt.toISOString(), unreadCount: unread(m.senderId, m.id) }));
  }

  /** The newest message id of the match's chat (0 when none). */
  async function newestId(matchId: number): Promise<number> {
    const [row] = await db.select({ id: sql<number | null>`max(${chatMessages.id})` }).from(chatMessages).where(eq(chatMessages.matchId, matchId));
    return Number(row?.id ?? 0);
  }

  /** Issue #30: each participant's unread count (the other's messages after their read position) and mute. */
  async function unreadByMember(r: ChatRoom): Promise<Map<number, { unread: number; muted: boolean }>> {
    const answer = new Map<number, { unread: number; muted: boolean }>();
    for (const [userId, otherId] of [[r.hostId, r.requesterId], [r.requesterId, r.hostId]] as const) {
      const [state] = await db
        .select({ lastReadId: chatStates.lastReadId, muted: chatStates.muted })
        .from(chatStates)
        .where(and(eq(chatStates.userId, userId), eq(chatStates.kind, 'match'), eq(chatStates.conversationId, r.matchId)));
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(chatMessages)
        .where(and(eq(chatMessages.matchId, r.matchId), eq(chatMessages.senderId, otherId), gt(chatMessages.id, state?.lastReadId ?? 0), isNull(chatMessages.hiddenAt)));
      answer.set(userId, { unread: row?.n ?? 0, muted: state?.muted ?? false });
    }
    return answer;
  }

  return { room, canChat, requireRoom, sendBatch, statesOf, history, newestId, unreadByMember };
}

/** The chat service. */
export type ChatService = ReturnType<typeof createChatService>;
