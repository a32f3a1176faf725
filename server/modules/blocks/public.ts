/**
 * What other modules may use of the blocks module (its public surface; issue #29 item 6: a module
 * imports only another module's public.ts). Blocks between members (issue #17 item 4), in one place: the condition every list uses to leave
 * out what the other side of a block wrote, both ways (the blocker does not see the blocked member,
 * nor the blocked member the blocker).
 */
import { and, eq, inArray, or, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { blocks } from '../../db/schema.ts';
import type { Database } from '../../db/database.ts';

/**
 * `NOT EXISTS` a block between member `viewerId` and the member in `otherUserId` (a column such as
 * `schedules.user_id`), either way. A null `otherUserId` (a deleted author) is never blocked.
 * `viewerId` may be a placeholder of a prepared statement (the day list's, issue #19 item 6), or
 * another column / SQL (the table chat's unread counts per member, issue #32 item 5).
 */
export function notBlockedWith(viewerId: number | Placeholder | AnyColumn | SQL, otherUserId: AnyColumn | SQL): SQL {
  return sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${otherUserId}) or (${blocks.blockerId} = ${otherUserId} and ${blocks.blockedId} = ${viewerId}))`;
}

/** True when `a` blocked `b` or `b` blocked `a`. */
export async function isBlockedBetween(db: Database, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
    .limit(1);
  return !!row;
}

/**
 * The blocks among members `ids` (either way), as a test `(a, b) => boolean` (issue #32 item 5: the
 * table chat leaves a message's sender and the members across a block with them apart). One query;
 * `ids` is bounded by the caller (one table: capacity ≤ 8).
 */
export async function blocksAmong(db: Database, ids: readonly number[]): Promise<(a: number | null, b: number | null) => boolean> {
  if (ids.length < 2) return () => false;
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    // bounded: the members of one table
    .where(and(inArray(blocks.blockerId, [...ids]), inArray(blocks.blockedId, [...ids])));
  const pairs = new Set(rows.flatMap((r) => [`${r.blockerId}:${r.blockedId}`, `${r.blockedId}:${r.blockerId}`]));
  return (a, b) => a !== null && b !== null && pairs.has(`${a}:${b}`);
}

/**
 * The members across a block with `memberId`, either way (issue #33 item 4: the board's comment
 * counts subtract only their comments). One query on the blocks primary key and blocks_blocked_idx;
 * the answer is bounded by the member's own blocks (usually none).
 */
export async function membersAcrossBlock(db: Database, memberId: number): Promise<number[]> {
  const rows = await db
    .select({ other: sql<number>`case when ${blocks.blockerId} = ${memberId} then ${blocks.blockedId} else ${blocks.blockerId} end` })
    .from(blocks)
    .where(or(eq(blocks.blockerId, memberId), eq(blocks.blockedId, memberId)));
  return [...new Set(rows.map((r) => Number(r.other)))];
}
