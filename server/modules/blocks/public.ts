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
 * Whether `memberId` is on either side of any block (issue #33 item 4: the board's comment counts
 * and the calendar skip their block correction when not, as is usual). One indexed probe.
 */
export async function hasBlocks(db: Database, memberId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(or(eq(blocks.blockerId, memberId), eq(blocks.blockedId, memberId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * `column` is a member across a block with `memberId`, either way (issue #33 item 4), as a SQL
 * condition reading `blocks` through a subquery (the blocks primary key and blocks_blocked_idx), so
 * no parameter list grows with how many members blocked `memberId`.
 */
export function isAcrossBlockWith(memberId: number, column: AnyColumn | SQL): SQL {
  return sql`${column} in (select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${memberId} union select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${memberId})`;
}
