/**
 * The members of a match (issue #28 item 8): one `match_members` row per member per match, role
 * `host` or `guest` (server/db/schema.ts `matchMembers`). The API keeps speaking of sides
 * (`MatchSide`: 'host' | 'requester'); the requester's row is the `guest` row. Only the meals module
 * writes these rows (server/modules/meals/one-writer.test.ts).
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MatchSide } from '../../../common/domain/match-status.ts';
import { matchMembers, matchRequests } from '../../db/schema.ts';
import type { Database, Tx } from '../../db/database.ts';

/** A member row's role. */
export type MemberRole = 'host' | 'guest';

/** The row role of API side `side` (the requester is the guest). */
export const roleOf = (side: MatchSide): MemberRole => (side === 'host' ? 'host' : 'guest');

/** The host's row of a match, for joins (`on hostMember.matchId = match_requests.id and role = 'host'`). */
export const hostMember = alias(matchMembers, 'host_member');
/** The guest's (requester's) row of a match, for joins. */
export const guestMember = alias(matchMembers, 'guest_member');

/** The join condition of `hostMember` to `match_requests`. */
export const hostMemberOn = and(eq(hostMember.matchId, matchRequests.id), eq(hostMember.role, 'host'));
/** The join condition of `guestMember` to `match_requests`. */
export const guestMemberOn = and(eq(guestMember.matchId, matchRequests.id), eq(guestMember.role, 'guest'));

/** What a member row may be set to (its identity columns aside). */
export type MemberFacts = Partial<Pick<typeof matchMembers.$inferInsert, 'hidden' | 'reviewed' | 'arrivedAt' | 'partnerAttended' | 'reportedAt' | 'remindedAt' | 'lateCancel'>>;

/**
 * Inserts the two member rows of new request `matchId` inside the request's transaction `tx`
 * (issue #28 item 8: both rows are created with the request).
 */
export async function insertMembers(tx: Tx | Database, m: { matchId: number; scheduleId: number; hostId: number; guestId: number }): Promise<void> {
  await tx.insert(matchMembers).values([
    { matchId: m.matchId, scheduleId: m.scheduleId, userId: m.hostId, partnerId: m.guestId, role: 'host' },
    { matchId: m.matchId, scheduleId: m.scheduleId, userId: m.guestId, partnerId: m.hostId, role: 'guest' },
  ]);
}

/** Sets `facts` on `side`'s row of match `matchId` when `also` holds; answers whether a row changed. */
export async function setMember(tx: Tx | Database, matchId: number, side: MatchSide, facts: MemberFacts, also?: SQL): Promise<boolean> {
  const [changed] = await tx
    .update(matchMembers)
    .set(facts)
    .where(and(eq(matchMembers.matchId, matchId), eq(matchMembers.role, roleOf(side)), also))
    .returning({ id: matchMembers.id });
  return !!changed;
}
