/**
 * Each member's state in a conversation (issue #30 items 3 and 4; `chat_states`, written only by
 * the chat module): the read position (`lastReadId`, the newest message id they have seen; it
 * never moves back) and 알림 끄기 (`muted`). Both kinds: 'match' (the 1:1 chat, id = the match)
 * and 'table' (id = the schedule). No row = nothing read, not muted.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ChatKind } from '../../../common/realtime.ts';
import { chatStates } from '../../db/schema.ts';
import type { Database } from '../../db/database.ts';
import type { Tx } from '../../db/database.ts';

/** The read positions of `userIds` in conversation (`kind`, `id`): userId → lastReadId (0 when never read). */
export async function readPositions(db: Database | Tx, kind: ChatKind, id: number, userIds: readonly number[]): Promise<Map<number, number>> {
  const positions = new Map<number, number>(userIds.map((u) => [u, 0]));
  if (userIds.length === 0) return positions;
  const rows = await db
    .select({ userId: chatStates.userId, lastReadId: chatStates.lastReadId })
    .from(chatStates)
    .where(and(eq(chatStates.kind, kind), eq(chatStates.conversationId, id)));
  for (const r of rows) if (positions.has(r.userId)) positions.set(r.userId, r.lastReadId);
  return positions;
}

/**
 * Moves `userId`'s read position in (`kind`, `id`) forward to `lastReadId` (never back); answers
 * the position before and after.
 */
export async function advanceRead(db: Database | Tx, userId: number, kind: ChatKind, id: number, lastReadId: number): Promise<{ previous: number; now: number }> {
  const [before] = await db
    .select({ lastReadId: chatStates.lastReadId })
    .from(chatStates)
    .where(and(eq(chatStates.userId, userId), eq(chatStates.kind, kind), eq(chatStates.conversationId, id)));
  const [row] = await db
    .insert(chatStates)
    .values({ userId, kind, conversationId: id, lastReadId })
    .onConflictDoUpdate({ target: [chatStates.userId, chatStates.kind, chatStates.conversationId], set: { lastReadId: sql`greatest(${chatStates.lastReadId}, excluded.last_read_id)` } })
    .returning({ lastReadId: chatStates.lastReadId });
  return { previous: before?.lastReadId ?? 0, now: row!.lastReadId };
}

/** Sets 알림 끄기 of `userId` for (`kind`, `id`). */
export async function setMuted(db: Database | Tx, userId: number, kind: ChatKind, id: number, muted: boolean): Promise<void> {
  await db
    .insert(chatStates)
    .values({ userId, kind, conversationId: id, muted })
    .onConflictDoUpdate({ target: [chatStates.userId, chatStates.kind, chatStates.conversationId], set: { muted } });
}

