/**
 * The table chat's writes that follow the meal (issue #30 item 2): what the chat module offers the
 * meals module (server/modules/meals/one-writer.test.ts); the meals module calls these functions INSIDE the transaction that seats or unseats a member, moves or cancels the
 * meal, so the membership and its system line commit (or roll back) with the change:
 * - `tableJoined`: a guest was accepted → member (with the host), "{name}님이 참여했어요";
 * - `tableLeft`: a seated guest cancelled or was cancelled → no longer a member (no history either),
 *   "{name}님이 나갔어요";
 * - `tableChanged`: the time or the place changed → "약속 시간이 …(으)로 바뀌었어요" / "약속 장소가 …";
 * - `tableCancelled`: the host deleted the meal → "호스트가 약속을 취소했어요" (the members keep
 *   reading; nobody writes).
 * Each answers a `TableChange` (the stored lines, who left) that the caller hangs on the first
 * event it publishes after the commit (`MatchEvent.table`); the chat's notifier publishes the lines
 * on `/topic/table/{id}` and ends the leaver's subscriptions (server/modules/chat/table-live.ts).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { josa } from 'es-hangul';
import { koreanDateHour } from '../../../common/domain/korean-time.ts';
import { format, ko } from '../../../common/i18n/ko.ts';
import type { TableMessage } from '../../../common/realtime.ts';
import { tableMembers, tableMessages, users } from '../../db/schema.ts';
import type { Database, Tx } from '../../db/database.ts';

/** What a meal change did to its table chat (published after the commit). */
export interface TableChange {
  scheduleId: number;
  /** The system lines stored (oldest first). */
  lines: TableMessage[];
  /** The member who lost access (their subscriptions end on every instance). */
  removedUserId?: number;
}

/** The Korean system lines (UI-TEXT style, 해요체). */
export const TABLE_LINES = {
  joined: (name: string) => format(ko.tableLines.joined, { name }),
  left: (name: string) => format(ko.tableLines.left, { name }),
  time: (date: string, hour: number) => format(ko.tableLines.time, { when: josa(koreanDateHour(date, hour), '으로/로') }),
  place: (place: string) => format(ko.tableLines.place, { place: josa(place, '으로/로') }),
  both: (date: string, hour: number, place: string) => format(ko.tableLines.both, { when: koreanDateHour(date, hour), place: josa(place, '으로/로') }),
  cancelled: ko.tableLines.cancelled,
} as const;

/** Stores a system line about `senderId` and answers it (unreadCount 0: system lines are not counted). */
async function systemLine(tx: Tx | Database, scheduleId: number, senderId: number, content: string): Promise<TableMessage> {
  const [row] = await tx.insert(tableMessages).values({ scheduleId, senderId, kind: 'system', content }).returning({ id: tableMessages.id, createdAt: tableMessages.createdAt });
  const [who] = await tx.select({ name: users.name }).from(users).where(eq(users.id, senderId));
  return { id: row!.id, scheduleId, kind: 'system', senderId, senderName: who?.name ?? '', content, createdAt: new Date(row!.createdAt).toISOString(), unreadCount: 0 };
}

/** Whether the table of `scheduleId` has a member besides its host (system lines only for a table that exists). */
async function hasGuests(tx: Tx | Database, scheduleId: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(tableMembers)
    .where(and(eq(tableMembers.scheduleId, scheduleId), eq(tableMembers.role, 'guest'), isNull(tableMembers.leftAt)))
    .limit(1);
  return !!row;
}

/**
 * Guest `guestId` was accepted to the meal of host `hostId`: both are members (a guest who left and
 * comes back is a member again and reads the history from the start); "{name}님이 참여했어요".
 */
export async function tableJoined(tx: Tx | Database, m: { scheduleId: number; hostId: number; guestId: number; at: Date }): Promise<TableChange> {
  await tx.insert(tableMembers).values({ scheduleId: m.scheduleId, userId: m.hostId, role: 'host', joinedAt: m.at }).onConflictDoNothing();
  await tx
    .insert(tableMembers)
    .values({ scheduleId: m.scheduleId, userId: m.guestId, role: 'guest', joinedAt: m.at })
    .onConflictDoUpdate({ target: [tableMembers.scheduleId, tableMembers.userId], set: { leftAt: null, joinedAt: m.at } });
  const [who] = await tx.select({ name: users.name }).from(users).where(eq(users.id, m.guestId));
  return { scheduleId: m.scheduleId, lines: [await systemLine(tx, m.scheduleId, m.guestId, TABLE_LINES.joined(who?.name ?? ''))] };
}

/** Guest `userId` left the meal (cancelled, or cancelled by the host): no longer a member; "{name}님이 나갔어요". Null when they were not a member. */
export async function tableLeft(tx: Tx | Database, m: { scheduleId: number; userId: number; at: Date }): Promise<TableChange | null> {
  const [left] = await tx
    .update(tableMembers)
    .set({ leftAt: m.at })
    .where(and(eq(tableMembers.scheduleId, m.scheduleId), eq(tableMembers.userId, m.userId), eq(tableMembers.role, 'guest'), isNull(tableMembers.leftAt)))
    .returning({ userId: tableMembers.userId });
  if (!left) return null;
  const [who] = await tx.select({ name: users.name }).from(users).where(eq(users.id, m.userId));
  return { scheduleId: m.scheduleId, removedUserId: m.userId, lines: [await systemLine(tx, m.scheduleId, m.userId, TABLE_LINES.left(who?.name ?? ''))] };
}

/** The host moved the meal (time and/or place): one system line. Null when the table has no guest. */
export async function tableChanged(
  tx: Tx | Database,
  m: { scheduleId: number; hostId: number; time?: { date: string; hour: number }; placeName?: string },
): Promise<TableChange | null> {
  if (!m.time && !m.placeName) return null;
  if (!(await hasGuests(tx, m.scheduleId))) return null;
  const content = m.time && m.placeName ? TABLE_LINES.both(m.time.date, m.time.hour, m.placeName) : m.time ? TABLE_LINES.time(m.time.date, m.time.hour) : TABLE_LINES.place(m.placeName!);
  return { scheduleId: m.scheduleId, lines: [await systemLine(tx, m.scheduleId, m.hostId, content)] };
}

/** The host deleted the meal: "호스트가 약속을 취소했어요" (the members keep reading it). Null when the table has no guest. */
export async function tableCancelled(tx: Tx | Database, m: { scheduleId: number; hostId: number }): Promise<TableChange | null> {
  if (!(await hasGuests(tx, m.scheduleId))) return null;
  return { scheduleId: m.scheduleId, lines: [await systemLine(tx, m.scheduleId, m.hostId, TABLE_LINES.cancelled)] };
}

/**
 * Hides a member's table message from the history (moderation, issue #30: three reporters or an
 * admin's 숨기기), or shows it again with `at` null. Hiding keeps the first time it was hidden.
 */
export async function setTableMessageHidden(tx: Tx | Database, id: number, at: Date | null): Promise<void> {
  const cond = at ? and(eq(tableMessages.id, id), isNull(tableMessages.hiddenAt)) : eq(tableMessages.id, id);
  await tx.update(tableMessages).set({ hiddenAt: at }).where(cond);
}

/**
 * Account deletion (issue #32 item 6): the table chats' system lines about member `userId`
 * ("{name}님이 참여했어요", "{name}님이 나갔어요") name them as `newName` ("탈퇴한 회원") instead of
 * `oldName`, so no table chat keeps a deleted member's nickname. Their own text messages stay (as
 * the 1:1 chat's do), shown under the name the `users` row now holds. Called inside the deletion's
 * transaction (server/modules/users/account.ts).
 */
export async function renameTableLinesOf(tx: Tx | Database, userId: number, oldName: string, newName: string): Promise<void> {
  await tx
    .update(tableMessages)
    .set({ content: sql`replace(${tableMessages.content}, ${format(ko.account.named, { name: oldName })}, ${format(ko.account.named, { name: newName })})` })
    .where(and(eq(tableMessages.senderId, userId), eq(tableMessages.kind, 'system')));
}
