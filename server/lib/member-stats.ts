/**
 * A member's reliability figures (issue #15; common/api/users.ts `MemberStats`), computed for many
 * members at once so a list costs one statement, whatever its length:
 * - `mealCount`: distinct schedules of CONFIRMED matches the member took part in (as host or
 *   requester) where the partner reported them present, or both sides marked arrived;
 * - `noShowCount`: distinct partners who reported them absent, for meals that started in the last
 *   180 days (RELIABILITY_WINDOW_DAYS), leaving out marks they disputed until an admin upholds them
 *   (issue #28 item 1);
 * - `lateCancelCount`: their cancellations within 24 h of the start (LATE_CANCEL_HOURS), cancelled
 *   in the last 180 days.
 */
import { sql } from 'drizzle-orm';
import type { MemberStats } from '../../common/api/users.ts';
import { RELIABILITY_WINDOW_DAYS } from '../../common/domain/match-status.ts';
import type { Database } from '../plugins/db.ts';
import type { Tx } from './match-chat.ts';

/** Zero figures (a member with no history). */
export const NO_STATS: MemberStats = { mealCount: 0, noShowCount: 0, lateCancelCount: 0 };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The figures of each member in `userIds` at instant `now` (duplicates ignored; members without
 * history get zeros). Any number of ids, in one prepared statement whose ids travel as a single
 * `int[]` parameter, so its text — and the plan PostgreSQL keeps for it — is the same for every list
 * (issue #19 item 6: the six statements per list, with one parameter per id, became this one).
 */
export async function memberStats(db: Database | Tx, userIds: readonly number[], now: Date): Promise<Map<number, MemberStats>> {
  const ids = [...new Set(userIds)];
  const stats = new Map<number, MemberStats>(ids.map((id) => [id, { ...NO_STATS }]));
  if (ids.length === 0) return stats;
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
 * with any fact; each fact is read by its own selective branch (through the index on the member's
 * side), then counted:
 * - meals: distinct schedules of CONFIRMED matches, as host (the requester said present, or both
 *   arrived) plus as requester (the host said present, or both arrived);
 * - no-shows: distinct partners who said "absent" (a host reporting a requester, or the reverse)
 *   about meals that started since `since`;
 * - late cancellations since `since`, by whoever cancelled; a host cancelling a whole meal counts
 *   once per schedule.
 */
function prepareStats(db: Database | Tx) {
  const ids = sql`${sql.placeholder('ids')}::int[]`;
  const since = sql`${sql.placeholder('since')}::timestamptz`;
  // Each side through its own index: match_requests (host_id, …) and (requester_id, …) (migration 0014).
  const asHost = sql`from match_requests mr where mr.host_id = any(${ids})`;
  const asRequester = sql`from match_requests mr where mr.requester_id = any(${ids})`;
  const started = sql`(select s.starts_at from schedules s where s.id = mr.schedule_id) >= ${since}`;
  const bothArrived = sql`(mr.host_arrived_at is not null and mr.requester_arrived_at is not null)`;
  const late = sql`mr.late_cancel and mr.cancelled_at >= ${since}`;
  // Issue #28 item 1: a mark the accused disputed counts only once an admin upheld it ('dismiss').
  const undisputed = (accused: string) =>
    sql`not exists (select 1 from reports r where r.target_type = 'attendance' and r.target_id = mr.id and r.reporter_id = ${sql.raw(accused)} and (r.status = 'open' or r.action = 'hide'))`;
  const facts = sql`(
      select mr.host_id as id, 'meal as host' as kind, mr.schedule_id as key ${asHost} and mr.status = 'CONFIRMED' and (mr.requester_reports_attended or ${bothArrived})
      union all
      select mr.requester_id, 'meal as requester', mr.schedule_id ${asRequester} and mr.status = 'CONFIRMED' and (mr.host_reports_attended or ${bothArrived})
      union all
      select mr.requester_id, 'reported absent', mr.host_id ${asRequester} and mr.host_reports_attended is false and ${started} and ${undisputed('mr.requester_id')}
      union all
      select mr.host_id, 'reported absent', mr.requester_id ${asHost} and mr.requester_reports_attended is false and ${started} and ${undisputed('mr.host_id')}
      union all
      select mr.host_id, 'late as host', mr.schedule_id ${asHost} and ${late} and mr.cancelled_by = 'host'
      union all
      select mr.requester_id, 'late as requester', mr.schedule_id ${asRequester} and ${late} and mr.cancelled_by = 'requester'
    ) facts`;
  const count = (kind: string) => sql`count(distinct key) filter (where kind = ${sql.raw(`'${kind}'`)})`;
  return db
    .select({
      id: sql<number>`id`,
      mealCount: sql<number>`(${count('meal as host')} + ${count('meal as requester')})::int`,
      noShowCount: sql<number>`${count('reported absent')}::int`,
      lateCancelCount: sql<number>`(${count('late as host')} + ${count('late as requester')})::int`,
    })
    .from(facts)
    .groupBy(sql`id`)
    .prepare('member_stats');
}
