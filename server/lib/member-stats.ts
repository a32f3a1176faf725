/**
 * A member's reliability figures (issue #15; common/api/users.ts `MemberStats`), computed for many
 * members at once so a list costs six small queries, whatever its length:
 * - `mealCount`: distinct schedules of CONFIRMED matches the member took part in (as host or
 *   requester) where the partner reported them present, or both sides marked arrived;
 * - `noShowCount`: distinct partners who reported them absent, for meals that started in the last
 *   180 days (RELIABILITY_WINDOW_DAYS);
 * - `lateCancelCount`: their cancellations within 24 h of the start (LATE_CANCEL_HOURS), cancelled
 *   in the last 180 days.
 */
import { and, countDistinct, eq, gte, inArray, isNotNull, or } from 'drizzle-orm';
import type { MemberStats } from '../../common/api/users.ts';
import { RELIABILITY_WINDOW_DAYS } from '../../common/domain/match-status.ts';
import { matchRequests, schedules } from '../db/schema.ts';
import type { Database } from '../plugins/db.ts';
import type { Tx } from './match-chat.ts';

/** Zero figures (a member with no history). */
export const NO_STATS: MemberStats = { mealCount: 0, noShowCount: 0, lateCancelCount: 0 };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The figures of each member in `userIds` at instant `now` (duplicates ignored; members without
 * history get zeros). Any number of ids: they are queried in chunks of STATS_CHUNK.
 */
export async function memberStats(db: Database | Tx, userIds: readonly number[], now: Date): Promise<Map<number, MemberStats>> {
  const ids = [...new Set(userIds)];
  const stats = new Map<number, MemberStats>();
  // Bounded parameter lists: each query binds at most STATS_CHUNK ids, whatever the list's length.
  for (let i = 0; i < ids.length; i += STATS_CHUNK) {
    for (const [id, s] of await statsOf(db, ids.slice(i, i + STATS_CHUNK), now)) stats.set(id, s);
  }
  return stats;
}

/** The most member ids one query binds (PostgreSQL allows 65,535 parameters per statement). */
const STATS_CHUNK = 1000;

/** `memberStats` for at most STATS_CHUNK distinct ids. */
async function statsOf(db: Database | Tx, ids: readonly number[], now: Date): Promise<Map<number, MemberStats>> {
  const stats = new Map<number, MemberStats>(ids.map((id) => [id, { ...NO_STATS }]));
  if (ids.length === 0) return stats;
  const since = new Date(now.getTime() - RELIABILITY_WINDOW_DAYS * DAY_MS);
  const bothArrived = and(isNotNull(matchRequests.hostArrivedAt), isNotNull(matchRequests.requesterArrivedAt));

  // Meals: as host (the requester's report or both arrived) and as requester (the host's report or both arrived).
  const asHost = await db
    .select({ userId: schedules.userId, n: countDistinct(schedules.id) })
    .from(matchRequests)
    .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
    .where(and(inArray(schedules.userId, ids), eq(matchRequests.status, 'CONFIRMED'), or(eq(matchRequests.requesterReportsAttended, true), bothArrived)))
    .groupBy(schedules.userId);
  const asRequester = await db
    .select({ userId: matchRequests.requesterId, n: countDistinct(schedules.id) })
    .from(matchRequests)
    .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
    .where(and(inArray(matchRequests.requesterId, ids), eq(matchRequests.status, 'CONFIRMED'), or(eq(matchRequests.hostReportsAttended, true), bothArrived)))
    .groupBy(matchRequests.requesterId);
  for (const r of [...asHost, ...asRequester]) stats.get(r.userId)!.mealCount += Number(r.n);

  // No-shows: distinct partners who said "absent" (a host reporting a requester, or the reverse).
  const recent = gte(schedules.startsAt, since);
  const absentAsRequester = await db
    .select({ absentId: matchRequests.requesterId, partnerId: schedules.userId })
    .from(matchRequests)
    .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
    .where(and(recent, eq(matchRequests.hostReportsAttended, false), inArray(matchRequests.requesterId, ids)));
  const absentAsHost = await db
    .select({ absentId: schedules.userId, partnerId: matchRequests.requesterId })
    .from(matchRequests)
    .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
    .where(and(recent, eq(matchRequests.requesterReportsAttended, false), inArray(schedules.userId, ids)));
  const reporters = new Map<number, Set<number>>();
  for (const r of [...absentAsRequester, ...absentAsHost]) {
    const set = reporters.get(r.absentId) ?? new Set<number>();
    set.add(r.partnerId);
    reporters.set(r.absentId, set);
  }
  for (const [id, set] of reporters) stats.get(id)!.noShowCount = set.size;

  // Late cancellations, by whoever cancelled; a host cancelling a whole meal counts once per schedule.
  const late = and(eq(matchRequests.lateCancel, true), gte(matchRequests.cancelledAt, since));
  const lateAsHost = await db
    .select({ userId: schedules.userId, n: countDistinct(schedules.id) })
    .from(matchRequests)
    .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
    .where(and(late, eq(matchRequests.cancelledBy, 'host'), inArray(schedules.userId, ids)))
    .groupBy(schedules.userId);
  const lateAsRequester = await db
    .select({ userId: matchRequests.requesterId, n: countDistinct(schedules.id) })
    .from(matchRequests)
    .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
    .where(and(late, eq(matchRequests.cancelledBy, 'requester'), inArray(matchRequests.requesterId, ids)))
    .groupBy(matchRequests.requesterId);
  for (const r of [...lateAsHost, ...lateAsRequester]) stats.get(r.userId)!.lateCancelCount += Number(r.n);
  return stats;
}
