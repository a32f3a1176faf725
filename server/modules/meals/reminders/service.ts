/**
 * Meal reminders (issue #15 item 8): both sides of a CONFIRMED match get one `meal_reminder`
 * `REMINDER_LEAD_MINUTES` before the meal starts — exactly once per member per match, whatever the
 * number of server instances sharing the database and across restarts.
 *
 * How "exactly once" holds: a side's reminder is CLAIMED before anyone is told, by one conditional
 * `UPDATE match_members SET reminded_at = now … WHERE reminded_at IS NULL … RETURNING` on that
 * member's row (issue #28 item 8: one row per member per match; the hosts' rows, then the
 * guests'). PostgreSQL re-checks the WHERE clause of a row another transaction just updated, so
 * when two instances sweep at the same moment only one gets the row back; PGlite runs one
 * statement at a time. Only the claimed rows are notified. A notification
 * that fails after its claim is logged by `app.notifyAll` and not retried (at most once beats twice).
 *
 * Which meals: CONFIRMED matches whose schedule is not cancelled and whose start
 * (`schedules.starts_at`, derived from the KST date and hour by the database) lies in
 * `(now, now + lead]`. A meal that has started never gets one; a match confirmed when its meal is
 * already less than `lead` away is reminded at the next sweep (the lead calls `app.remindersSweep()`
 * right after a confirm, so "at once").
 */
import { and, eq, gt, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import { matchMembers, matchRequests, schedules, users } from '../../../db/schema.ts';
import { roleOf } from '../members.ts';
import type { Database } from '../../../db/database.ts';
import type { MatchEvent } from '../../../plugins/notifier.ts';
import type { Clock } from '../../../lib/clock.ts';

const MINUTE_MS = 60 * 1000;

/** One claimed side: who is reminded, of which match and meal, and who the partner is. */
interface Claimed {
  matchId: number;
  scheduleId: number;
  toUserId: number;
  partnerId: number;
  placeName: string;
  date: string;
  hour: number;
}

/** Builds the reminders service: `leadMinutes` is REMINDER_LEAD_MINUTES (server/config.ts). */
export function createRemindersService(deps: { db: Database; now: Clock; leadMinutes: number }) {
  const { db, now, leadMinutes } = deps;

  /**
   * Claims `side`'s reminder of every meal due at `at` with one conditional UPDATE (its claim
   * column `match_members.reminded_at` of `side`'s rows from NULL to `at`) and answers what it claimed.
   */
  async function claimSide(side: 'host' | 'requester', at: Date): Promise<Claimed[]> {
    const until = new Date(at.getTime() + leadMinutes * MINUTE_MS);
    const due: SQL = and(
      eq(matchMembers.role, roleOf(side)),
      eq(matchRequests.status, 'CONFIRMED'),
      isNull(matchMembers.remindedAt),
      isNull(schedules.cancelledAt),
      gt(schedules.startsAt, at),
      lte(schedules.startsAt, until),
    )!;
    const rows = await db
      .update(matchMembers)
      .set({ remindedAt: at })
      .from(matchRequests)
      .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
      .where(and(eq(matchRequests.id, matchMembers.matchId), due))
      .returning({
        matchId: matchRequests.id,
        scheduleId: schedules.id,
        toUserId: matchMembers.userId,
        partnerId: matchMembers.partnerId,
        placeName: schedules.placeName,
        date: schedules.date,
        hour: schedules.hour,
      });
    return rows.map((r) => ({
      matchId: r.matchId,
      scheduleId: r.scheduleId,
      toUserId: r.toUserId,
      partnerId: r.partnerId,
      placeName: r.placeName,
      date: r.date,
      hour: r.hour,
    }));
  }

  return {
    /**
     * Claims every reminder due at `now()` (both sides, see the module comment) and answers the
     * `meal_reminder` events to send — one per claimed side: `{ type, matchId, scheduleId,
     * toUserId, fromUser: the partner {id, name, profileImage}, meal: {placeName, date (KST
     * YYYY-MM-DD), time (hour 0–23)} }`. The claims are committed when it answers; the caller
     * notifies. Never answers the same side of the same match twice, on any instance.
     */
    async claimDue(): Promise<MatchEvent[]> {
      const at = now();
      const claimed = [...(await claimSide('host', at)), ...(await claimSide('requester', at))];
      if (claimed.length === 0) return [];
      const partnerIds = [...new Set(claimed.map((c) => c.partnerId))];
      // The claim has no LIMIT (every reminder due in one tick): read the partners 1,000 at a time.
      const partners = [];
      for (let i = 0; i < partnerIds.length; i += 1000) {
        const chunk = partnerIds.slice(i, i + 1000);
        // bounded: at most 1,000 ids per statement (the chunk above)
        partners.push(...(await db.select({ id: users.id, name: users.name, profileImage: users.profileImage }).from(users).where(inArray(users.id, chunk))));
      }
      const byId = new Map(partners.map((p) => [p.id, p]));
      return claimed
        .sort((a, b) => a.matchId - b.matchId)
        .map((c) => ({
          type: 'meal_reminder' as const,
          matchId: c.matchId,
          scheduleId: c.scheduleId,
          toUserId: c.toUserId,
          fromUser: byId.get(c.partnerId) ?? { id: c.partnerId, name: '', profileImage: null },
          meal: { placeName: c.placeName, date: c.date, time: c.hour },
        }));
    },
  };
}
