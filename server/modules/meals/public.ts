/**
 * What other modules may use of the meals module (its public surface; issue #29 item 6: a module
 * imports only another module's public.ts), computed from the meal's tables, which this module owns.
 * A member's reliability figures (issue #15; common/api/users.ts `MemberStats`), computed for many
 * members at once so a list costs one statement, whatever its length:
 * - `mealCount`: distinct schedules of CONFIRMED matches the member took part in (as host or
 *   guest) where the partner reported them present, or both sides marked arrived;
 * - `noShowCount`: distinct partners who reported them absent, for meals that started in the last
 *   180 days (RELIABILITY_WINDOW_DAYS), leaving out marks they disputed until an admin upholds them
 *   (issue #28 item 1);
 * - `lateCancelCount`: their cancellations within 24 h of the start (LATE_CANCEL_HOURS), cancelled
 *   in the last 180 days.
 */
import { sql } from 'drizzle-orm';
import type { MemberStats } from '../../../common/api/users.ts';
import { RELIABILITY_WINDOW_DAYS } from '../../../common/domain/match-status.ts';
import type { Database, Tx } from '../../db/database.ts';
import { memberStatsCacheOf } from './member-stats-cache.ts';

/** Zero figures (a member with no history); frozen, since answers share it. */
export const NO_STATS: MemberStats = Object.freeze({ mealCount: 0, noShowCount: 0, lateCancelCount: 0 });

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The figures of each member in `userIds` at instant `now` (duplicates ignored; members without
 * history get zeros). Any number of ids, in one prepared statement whose ids travel as a single
 * `int[]` parameter, so its text — and the plan PostgreSQL keeps for it — is the same for every list
 * (issue #19 item 6: the six statements per list, with one parameter per id, became this one).
 * Issue #33 item 5: through the app's handle (not a transaction), figures read within the last
 * `MEMBER_STATS_TTL_MS` (60 s of `now`) come from this instance's cache, which every committed
 * write naming a member drops (./member-stats-cache.ts); only the others are read, so a list whose
 * authors are all cached costs no statement.
 */
export async function memberStats(db: Database | Tx, userIds: readonly number[], now: Date): Promise<Map<number, MemberStats>> {
  const ids = [...new Set(userIds)];
  const stats = new Map<number, MemberStats>(ids.map((id) => [id, NO_STATS]));
  if (ids.length === 0) return stats;
  const cache = memberStatsCacheOf(db);
  // uncached: a transaction, an unwatched handle, or a listener that cannot vouch for the cache now
  if (!cache || !(await cache.sync().then(() => true, () => false))) {
    for (const [id, figures] of await readStats(db, ids, now)) stats.set(id, figures);
    return stats;
  }
  const at = now.getTime();
  const missing: number[] = [];
  for (const id of ids) {
    const hit = cache.get(id, at);
    if (hit) stats.set(id, hit);
    else missing.push(id);
  }
  if (missing.length === 0) return stats;
  const read = cache.begin(missing);
  try {
    const found = await readStats(db, missing, now);
    cache.store(read, found, at);
    for (const [id, figures] of found) stats.set(id, figures);
  } finally {
    cache.end(read);
  }
  return stats;
}

/** The figures of `ids` (distinct) read from the database, every id answered (zeros without history). */
async function readStats(db: Database | Tx, ids: readonly number[], now: Date): Promise<Map<number, MemberStats>> {
  const stats = new Map<number, MemberStats>(ids.map((id) => [id, NO_STATS]));
  const since = new Date(now.getTime() - RELIABILITY_WINDOW_DAYS * DAY_MS);
  let statement = prepared.get(db);
  if (!statement) prepared.set(db, (statement = prepareStats(db)));
  for (const { id, ...figures } of await statement.execute({ ids: `{${ids.join(',')}}`, since: since.toISOString() })) stats.set(id, figures);
  return stats;
}

/** `prepareStats` once per database handle (the app's, or a transaction's while it lasts). */
const prepared = new WeakMap<Database | Tx, ReturnType<typeof prepareStats>>();

/**
 * The statement of `memberStats`, with placeholders `ids` (a PostgreSQL int array literal,
 * `{1,2,3}`) and `since` (the start of the reliability window, an ISO instant). One row per member
 * with any fact; each fact is read by its own selective branch over `match_members` (one row per
 * member per match, issue #28 item 8) through a partial index whose predicate is the branch's own,
 * then counted:
 * - meals: distinct schedules of CONFIRMED matches where the partner reported the member present
 *   (the partner's row, keyed by `partner_id`: match_members_present_idx) or both arrived (the
 *   member's own arrival, match_members_arrived_idx, and the partner's row);
 * - no-shows: distinct partners whose row says "absent" about the member (match_members_absent_idx)
 *   for meals that started since `since`;
 * - late cancellations since `since` on the member's own rows (match_members_late_idx); a host
 *   cancelling a whole meal counts once per schedule.
 */
function prepareStats(db: Database | Tx) {
  const ids = sql`${sql.placeholder('ids')}::int[]`;
  const since = sql`${sql.placeholder('since')}::timestamptz`;
  // Scalar subqueries (not EXISTS): PostgreSQL runs them per fact row through a primary or unique
  // key, where an EXISTS may become a hash join over every CONFIRMED request or every arrival.
  const confirmed = sql`(select mr.status from match_requests mr where mr.id = mm.match_id) = 'CONFIRMED'`;
  const started = sql`(select s.starts_at from schedules s where s.id = mm.schedule_id) >= ${since}`;
  const partnerArrived = sql`(select p.arrived_at from match_members p where p.match_id = mm.match_id and p.role = (case when mm.role = 'host' then 'guest' else 'host' end)) is not null`;
  const cancelledSince = sql`(select mr.cancelled_at from match_requests mr where mr.id = mm.match_id) >= ${since}`;
  // Issue #28 item 1: a mark the accused disputed counts only once an admin upheld it ('dismiss').
  const undisputed = sql`not exists (select 1 from reports r where r.target_type = 'attendance' and r.target_id = mm.match_id and r.reporter_id = mm.partner_id and (r.status = 'open' or r.action = 'hide'))`;
  const facts = sql`(
      select mm.partner_id as id, 'meal' as kind, mm.schedule_id as key from match_members mm where mm.partner_id = any(${ids}) and mm.partner_attended and ${confirmed}
      union all
      select mm.user_id, 'meal', mm.schedule_id from match_members mm where mm.user_id = any(${ids}) and mm.arrived_at is not null and ${partnerArrived} and ${confirmed}
      union all
      select mm.partner_id, 'reported absent', mm.user_id from match_members mm where mm.partner_id = any(${ids}) and mm.partner_attended is false and ${started} and ${undisputed}
      union all
      select mm.user_id, 'late', mm.schedule_id from match_members mm where mm.user_id = any(${ids}) and mm.late_cancel and ${cancelledSince}
    ) facts`;
  const count = (kind: string) => sql`count(distinct key) filter (where kind = ${sql.raw(`'${kind}'`)})`;
  return db
    .select({
      id: sql<number>`id`,
      mealCount: sql<number>`${count('meal')}::int`,
      noShowCount: sql<number>`${count('reported absent')}::int`,
      lateCancelCount: sql<number>`${count('late')}::int`,
    })
    .from(facts)
    .groupBy(sql`id`)
    .prepare('member_stats');
}
