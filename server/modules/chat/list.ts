/**
 * `GET /api/chats` (issue #30 item 4): every conversation of a member — the 1:1 chats of their
 * matches (ACCEPTED or CONFIRMED; a CANCELLED one while it holds a message; not the ones they hid)
 * and the table chats they are a member of — sorted by last activity (the newest message, or the
 * conversation's start), newest first, keyset-paged on (activity, kind, id).
 */
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { ChatSummary } from '../../../common/api/chat.ts';
import type { ChatKind } from '../../../common/realtime.ts';
import { chatMessages, chatStates, matchMembers, matchRequests, schedules, tableMembers, tableMessages, users } from '../../db/schema.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { exactTime } from '../../lib/paging.ts';
import { TABLE_READ_ONLY_HOURS } from './table-service.ts';
import { notBlockedWith } from '../blocks/public.ts';

/** The list's cursor: the last row's `[activityAt (exact), kind, id]`. */
export const ChatListCursor = Type.Tuple([Type.String({ format: 'date-time', maxLength: 40 }), Type.Union([Type.Literal('match'), Type.Literal('table')]), Type.Integer({ minimum: 1 })]);
export type ChatListCursor = Static<typeof ChatListCursor>;

/** One conversation with its exact sort key. */
export interface ChatListRow {
  summary: ChatSummary;
  key: ChatListCursor;
}

interface Head {
  kind: ChatKind;
  id: number;
  scheduleId: number;
  activity: string;
  lastId: number | null;
}

/** Builds the chat list. */
export function createChatList(deps: { db: Database; now: Clock }) {
  const { db, now } = deps;

  /** The member's conversations after `after`, at most `limit` (newest activity first). */
  async function heads(userId: number, limit: number, after?: ChatListCursor): Promise<Head[]> {
    const lastMatch = sql<number | null>`(select max(${chatMessages.id}) from ${chatMessages} where ${chatMessages.matchId} = ${matchRequests.id} and ${chatMessages.hiddenAt} is null)`;
    const matchActivity = sql`coalesce((select max(${chatMessages.createdAt}) from ${chatMessages} where ${chatMessages.matchId} = ${matchRequests.id} and ${chatMessages.hiddenAt} is null), ${matchRequests.createdAt})`;
    // Issue #32 item 5: a table message of a member across a block with the reader is not theirs to see.
    const visible = notBlockedWith(userId, tableMessages.senderId);
    const lastTable = sql<number | null>`(select max(${tableMessages.id}) from ${tableMessages} where ${tableMessages.scheduleId} = ${tableMembers.scheduleId} and ${tableMessages.hiddenAt} is null and ${visible})`;
    const tableActivity = sql`coalesce((select max(${tableMessages.createdAt}) from ${tableMessages} where ${tableMessages.scheduleId} = ${tableMembers.scheduleId} and ${tableMessages.hiddenAt} is null and ${visible}), ${tableMembers.joinedAt})`;
    const before = (activity: ReturnType<typeof sql>, kind: ChatKind, id: ReturnType<typeof sql> | typeof matchRequests.id) =>
      after ? sql`(${activity}, ${kind}::text, ${id}) < (${after[0]}::timestamptz, ${after[1]}::text, ${after[2]}::int)` : undefined;
    const matches = await db
      .select({ id: matchRequests.id, scheduleId: matchRequests.scheduleId, lastId: lastMatch, activity: exactTime(matchActivity as never) })
      .from(matchMembers)
      .innerJoin(matchRequests, eq(matchRequests.id, matchMembers.matchId))
      .where(
        and(
          eq(matchMembers.userId, userId),
          eq(matchMembers.hidden, false),
          sql`(${matchRequests.status} in ('ACCEPTED', 'CONFIRMED') or (${matchRequests.status} = 'CANCELLED' and ${lastMatch} is not null))`,
          before(matchActivity, 'match', matchRequests.id),
        ),
      )
      .orderBy(desc(matchActivity), desc(matchRequests.id))
      .limit(limit);
    const tables = await db
      .select({ id: tableMembers.scheduleId, lastId: lastTable, activity: exactTime(tableActivity as never) })
      .from(tableMembers)
      .where(and(eq(tableMembers.userId, userId), isNull(tableMembers.leftAt), before(tableActivity, 'table', sql`${tableMembers.scheduleId}`)))
      .orderBy(desc(tableActivity), desc(tableMembers.scheduleId))
      .limit(limit);
    const all: Head[] = [
      ...matches.map((m) => ({ kind: 'match' as const, id: m.id, scheduleId: m.scheduleId, activity: m.activity, lastId: m.lastId === null ? null : Number(m.lastId) })),
      ...tables.map((t) => ({ kind: 'table' as const, id: t.id, scheduleId: t.id, activity: t.activity, lastId: t.lastId === null ? null : Number(t.lastId) })),
    ];
    // The same order as the SQL row comparison: activity, then kind ('table' > 'match'), then id, all descending.
    all.sort((a, b) => (a.activity !== b.activity ? (a.activity < b.activity ? 1 : -1) : a.kind !== b.kind ? (a.kind < b.kind ? 1 : -1) : b.id - a.id));
    return all.slice(0, limit);
  }

  /** One page (read `limit + 1` for the next link) of `userId`'s conversations. */
  async function list(userId: number, limit: number, after?: ChatListCursor): Promise<ChatListRow[]> {
    const page = await heads(userId, limit, after);
    if (page.length === 0) return [];
    const scheduleIds = [...new Set(page.map((h) => h.scheduleId))];
    const meals = await db
      .select({ id: schedules.id, placeName: schedules.placeName, date: schedules.date, hour: schedules.hour, startsAt: schedules.startsAt, cancelledAt: schedules.cancelledAt })
      .from(schedules)
      // bounded: the meals of one page of conversations (limit ≤ PAGE_MAX)
      .where(inArray(schedules.id, scheduleIds));
    const matchIds = page.filter((h) => h.kind === 'match').map((h) => h.id);
    const tableIds = page.filter((h) => h.kind === 'table').map((h) => h.id);
    const partners = matchIds.length
      ? await db
          .select({ matchId: matchMembers.matchId, id: users.id, name: users.name, profileImage: users.profileImage, status: matchRequests.status })
          .from(matchMembers)
          .innerJoin(users, eq(users.id, matchMembers.partnerId))
          .innerJoin(matchRequests, eq(matchRequests.id, matchMembers.matchId))
          // bounded: the 1:1 conversations of one page (limit ≤ PAGE_MAX)
          .where(and(inArray(matchMembers.matchId, matchIds), eq(matchMembers.userId, userId)))
      : [];
    const members = tableIds.length
      ? await db
          .select({ scheduleId: tableMembers.scheduleId, id: users.id, name: users.name, profileImage: users.profileImage })
          .from(tableMembers)
          .innerJoin(users, eq(users.id, tableMembers.userId))
          // bounded: the tables of one page of conversations (limit ≤ PAGE_MAX)
          .where(and(inArray(tableMembers.scheduleId, tableIds), isNull(tableMembers.leftAt)))
          .orderBy(desc(sql`${tableMembers.role} = 'host'`), tableMembers.joinedAt, tableMembers.userId)
      : [];
    const states = await db
      .select({ kind: chatStates.kind, id: chatStates.conversationId, lastReadId: chatStates.lastReadId, muted: chatStates.muted })
      .from(chatStates)
      .where(eq(chatStates.userId, userId));
    const stateOf = (kind: ChatKind, id: number) => states.find((s) => s.kind === kind && s.id === id);
    const lastMatchIds = page.filter((h) => h.kind === 'match' && h.lastId !== null).map((h) => h.lastId!);
    const lastTableIds = page.filter((h) => h.kind === 'table' && h.lastId !== null).map((h) => h.lastId!);
    const lastMatch = lastMatchIds.length
      ? // bounded: one last message per conversation of one page (limit ≤ PAGE_MAX)
        await db.select({ id: chatMessages.id, content: chatMessages.content, createdAt: chatMessages.createdAt, senderId: chatMessages.senderId }).from(chatMessages).where(inArray(chatMessages.id, lastMatchIds))
      : [];
    const lastTable = lastTableIds.length
      ? await db
          .select({ id: tableMessages.id, content: tableMessages.content, kind: tableMessages.kind, createdAt: tableMessages.createdAt, senderId: tableMessages.senderId })
          .from(tableMessages)
          // bounded: one last message per table of one page (limit ≤ PAGE_MAX)
          .where(inArray(tableMessages.id, lastTableIds))
      : [];
    // Unread: others' messages after the read position (text lines only for tables), per conversation.
    const unread = new Map<string, number>();
    for (const h of page) {
      const pos = stateOf(h.kind, h.id)?.lastReadId ?? 0;
      if (h.lastId === null || h.lastId <= pos) {
        unread.set(`${h.kind}:${h.id}`, 0);
        continue;
      }
      const [row] =
        h.kind === 'match'
          ? await db
              .select({ n: sql<number>`count(*)::int` })
              .from(chatMessages)
              .where(and(eq(chatMessages.matchId, h.id), sql`${chatMessages.id} > ${pos}`, ne(chatMessages.senderId, userId), isNull(chatMessages.hiddenAt)))
          : await db
              .select({ n: sql<number>`count(*)::int` })
              .from(tableMessages)
              .where(
                and(
                  eq(tableMessages.scheduleId, h.id),
                  sql`${tableMessages.id} > ${pos}`,
                  eq(tableMessages.kind, 'text'),
                  ne(tableMessages.senderId, userId),
                  isNull(tableMessages.hiddenAt),
                  notBlockedWith(userId, tableMessages.senderId),
                ),
              );
      unread.set(`${h.kind}:${h.id}`, row?.n ?? 0);
    }
    const at = now().getTime();
    return page.map((h) => {
      const meal = meals.find((m) => m.id === h.scheduleId)!;
      const state = stateOf(h.kind, h.id);
      const face = (p: { id: number; name: string; profileImage: string | null }) => ({ id: p.id, name: p.name, profileImage: p.profileImage });
      let summary: ChatSummary;
      const common = {
        kind: h.kind,
        id: h.id,
        scheduleId: h.scheduleId,
        placeName: meal.placeName,
        date: meal.date,
        time: meal.hour,
        activityAt: h.activity,
        unreadCount: unread.get(`${h.kind}:${h.id}`) ?? 0,
        muted: state?.muted ?? false,
      };
      if (h.kind === 'match') {
        const partner = partners.find((p) => p.matchId === h.id);
        const last = lastMatch.find((m) => m.id === h.lastId);
        summary = {
          ...common,
          ...(partner ? { partner: face(partner) } : {}),
          memberCount: 2,
          faces: partner ? [face(partner)] : [],
          lastMessage: last ? { id: last.id, content: last.content, kind: 'text', createdAt: last.createdAt.toISOString(), senderId: last.senderId } : null,
          readOnly: partner?.status === 'CANCELLED' || !!meal.cancelledAt,
        };
      } else {
        const here = members.filter((m) => m.scheduleId === h.id);
        const last = lastTable.find((m) => m.id === h.lastId);
        summary = {
          ...common,
          memberCount: here.length,
          faces: here.filter((m) => m.id !== userId).slice(0, 4).map(face),
          lastMessage: last ? { id: last.id, content: last.content, kind: last.kind, createdAt: last.createdAt.toISOString(), senderId: last.senderId } : null,
          readOnly: !!meal.cancelledAt || at >= meal.startsAt.getTime() + TABLE_READ_ONLY_HOURS * 3_600_000,
        };
      }
      return { summary, key: [h.activity, h.kind, h.id] as ChatListCursor };
    });
  }

  return { list };
}
