/**
 * Match requests (SPEC §3 Match request, §4 "Match request status", §5, §6, §8; issue #3).
 * The host is the schedule's author. Seats: `schedules.current_participants` counts the host plus
 * every ACCEPTED or CONFIRMED request; accepting takes a seat with ONE conditional UPDATE in the
 * same transaction as the status change, so concurrent accepts can never overfill a schedule
 * (PostgreSQL re-checks the WHERE clause after waiting for the row lock; PGlite runs one
 * transaction at a time).
 */
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MatchRequest } from '../../../common/api/matches.ts';
import { HOST_TRANSITIONS, type HostAction } from '../../../common/domain/match-status.ts';
import { isInScheduleWindow } from '../../../common/domain/schedule.ts';
import { matchRequests, schedules, users } from '../../db/schema.ts';
import type { Database } from '../../plugins/db.ts';
import type { MatchEvent, MatchEventType } from '../../plugins/notifier.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/user-view.ts';
import { deleteMatchChats } from '../../lib/match-chat.ts';

/** Korean texts of the match routes (UI-TEXT.md "Server text answers" where it fixes one). */
export const MATCH_MSG = {
  requested: '매칭 신청이 완료되었습니다.',
  accepted: '매칭을 수락했습니다.',
  rejected: '매칭을 거절했습니다.',
  confirmed: '매칭이 확정되었습니다.',
  deleted: '매칭이 삭제되었습니다.',
  ownSchedule: '자신이 만든 일정에는 매칭을 신청할 수 없습니다.',
  alreadyRequested: '이미 신청한 일정입니다.',
  full: '모집 인원이 모두 찼습니다.',
  past: '지난 일정에는 신청할 수 없습니다.',
  scheduleNotFound: '일정을 찾을 수 없습니다.',
  matchNotFound: '매칭 요청을 찾을 수 없습니다.',
  notHost: '일정을 만든 사람만 매칭 요청을 처리할 수 있습니다.',
  notParticipant: '본인의 매칭만 삭제할 수 있습니다.',
  notPendingAccept: '대기중인 요청만 수락할 수 있습니다.',
  notPendingReject: '대기중인 요청만 거절할 수 있습니다.',
  notAcceptedConfirm: '수락된 요청만 확정할 수 있습니다.',
} as const;

/** The answer text, the 409 text and the notification of each host action. */
const ACTIONS: Record<HostAction, { done: string; illegal: string; event: MatchEventType }> = {
  accept: { done: MATCH_MSG.accepted, illegal: MATCH_MSG.notPendingAccept, event: 'match_accepted' },
  reject: { done: MATCH_MSG.rejected, illegal: MATCH_MSG.notPendingReject, event: 'match_rejected' },
  confirm: { done: MATCH_MSG.confirmed, illegal: MATCH_MSG.notAcceptedConfirm, event: 'match_confirmed' },
};

/** What a service call answers: the text for the client and the events to notify after commit. */
export interface MatchOutcome {
  text: string;
  events: MatchEvent[];
}

const host = alias(users, 'host');
const requester = alias(users, 'requester');

/** Builds the matches service. */
export function createMatchesService(deps: { db: Database; now: Clock }) {
  const { db, now } = deps;

  /** A member's `{ id, name, profileImage }`. */
  async function memberRef(id: number) {
    const [u] = await db.select({ id: users.id, name: users.name, profileImage: users.profileImage }).from(users).where(eq(users.id, id));
    return u ?? { id, name: '', profileImage: null };
  }

  /** The request `id` with its schedule and host id, or 404. */
  async function load(id: number) {
    const [m] = await db
      .select({ id: matchRequests.id, status: matchRequests.status, scheduleId: matchRequests.scheduleId, requesterId: matchRequests.requesterId, hostId: schedules.userId })
      .from(matchRequests)
      .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
      .where(eq(matchRequests.id, id));
    if (!m) throw new AppError(404, 'NOT_FOUND', MATCH_MSG.matchNotFound);
    return m;
  }

  /** Requests matching `where`, newest first, in the MatchRequest shape. */
  async function list(where: ReturnType<typeof eq>): Promise<MatchRequest[]> {
    const rows = await db
      .select({
        id: matchRequests.id,
        status: matchRequests.status,
        hostReviewed: matchRequests.hostReviewed,
        requesterReviewed: matchRequests.requesterReviewed,
        createdAt: matchRequests.createdAt,
        requesterId: requester.id,
        requesterName: requester.name,
        requesterImage: requester.profileImage,
        scheduleId: schedules.id,
        placeName: schedules.placeName,
        date: schedules.date,
        hour: schedules.hour,
        text: schedules.text,
        hostId: host.id,
        hostName: host.name,
        hostImage: host.profileImage,
      })
      .from(matchRequests)
      .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
      .innerJoin(host, eq(host.id, schedules.userId))
      .innerJoin(requester, eq(requester.id, matchRequests.requesterId))
      .where(where)
      .orderBy(desc(matchRequests.createdAt), desc(matchRequests.id));
    return rows.map((r) => ({
      id: r.id,
      status: r.status,
      requester: { id: r.requesterId, name: r.requesterName, profileImage: r.requesterImage },
      schedule: {
        id: r.scheduleId,
        member: { id: r.hostId, name: r.hostName, profileImage: r.hostImage },
        placeName: r.placeName,
        date: r.date,
        time: r.hour,
        text: r.text,
      },
      hostReviewed: r.hostReviewed,
      requesterReviewed: r.requesterReviewed,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  return {
    /** Requests on the caller's schedules (the caller is the host), newest first; REJECTED included. */
    received: (userId: number) => list(eq(schedules.userId, userId)),

    /** The caller's own requests, newest first; REJECTED included. */
    sent: (userId: number) => list(eq(matchRequests.requesterId, userId)),

    /**
     * Asks to join schedule `scheduleId` (SPEC §7 POST /api/matches, §5, §8). Checked in this order:
     * 404 unknown; 400 own schedule; 409 already requested (any status; also under a race, by the
     * unique index); 409 past (dated before today KST, or beyond the window); 409 full.
     */
    async request(userId: number, scheduleId: number): Promise<MatchOutcome> {
      const [s] = await db
        .select({ id: schedules.id, hostId: schedules.userId, date: schedules.date, participants: schedules.participants, current: schedules.currentParticipants })
        .from(schedules)
        .where(eq(schedules.id, scheduleId));
      if (!s) throw new AppError(404, 'NOT_FOUND', MATCH_MSG.scheduleNotFound);
      if (s.hostId === userId) throw new AppError(400, 'OWN_SCHEDULE', MATCH_MSG.ownSchedule);
      const alreadyRequested = () => new AppError(409, 'ALREADY_REQUESTED', MATCH_MSG.alreadyRequested);
      const [existing] = await db
        .select({ id: matchRequests.id })
        .from(matchRequests)
        .where(and(eq(matchRequests.scheduleId, scheduleId), eq(matchRequests.requesterId, userId)));
      if (existing) throw alreadyRequested();
      if (!isInScheduleWindow(s.date, now())) throw new AppError(409, 'SCHEDULE_PAST', MATCH_MSG.past);
      if (s.current >= s.participants) throw new AppError(409, 'SCHEDULE_FULL', MATCH_MSG.full);
      let id: number;
      try {
        const [row] = await db.insert(matchRequests).values({ scheduleId, requesterId: userId, status: 'PENDING' }).returning({ id: matchRequests.id });
        id = row!.id;
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyRequested();
        throw error;
      }
      const fromUser = await memberRef(userId);
      return { text: MATCH_MSG.requested, events: [{ type: 'new_match_request', matchId: id, scheduleId, toUserId: s.hostId, fromUser }] };
    },

    /**
     * The host's transitions (SPEC §4): accept PENDING → ACCEPTED (takes a seat), reject
     * PENDING → REJECTED, confirm ACCEPTED → CONFIRMED. 404 unknown; 403 not the host; 409 from any
     * other status, and for accept when the schedule is full ('모집 인원이 모두 찼습니다.') — then
     * nothing changes. The status change is conditional (`WHERE status = from`), so two concurrent
     * calls cannot both succeed.
     */
    async transition(userId: number, id: number, action: HostAction): Promise<MatchOutcome> {
      const { from, to } = HOST_TRANSITIONS[action];
      const m = await load(id);
      if (m.hostId !== userId) throw new AppError(403, 'NOT_HOST', MATCH_MSG.notHost);
      await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(matchRequests)
          .set({ status: to, updatedAt: now() })
          .where(and(eq(matchRequests.id, id), eq(matchRequests.status, from)))
          .returning({ id: matchRequests.id });
        if (!changed) {
          // Gone meanwhile → 404; otherwise it is in another status.
          const [still] = await tx.select({ id: matchRequests.id }).from(matchRequests).where(eq(matchRequests.id, id));
          if (!still) throw new AppError(404, 'NOT_FOUND', MATCH_MSG.matchNotFound);
          throw new AppError(409, 'ILLEGAL_TRANSITION', ACTIONS[action].illegal);
        }
        if (action === 'accept') {
          const [seat] = await tx
            .update(schedules)
            .set({ currentParticipants: sql`${schedules.currentParticipants} + 1`, updatedAt: now() })
            .where(and(eq(schedules.id, m.scheduleId), lt(schedules.currentParticipants, schedules.participants)))
            .returning({ id: schedules.id });
          if (!seat) throw new AppError(409, 'SCHEDULE_FULL', MATCH_MSG.full);
        }
      });
      const fromUser = await memberRef(userId);
      return { text: ACTIONS[action].done, events: [{ type: ACTIONS[action].event, matchId: id, scheduleId: m.scheduleId, toUserId: m.requesterId, fromUser }] };
    },

    /**
     * Deletes (requester: leaves; host: removes) a match (SPEC §4, §6): the request, its chat
     * messages and — when it held a seat (ACCEPTED or CONFIRMED) — the seat, in one transaction.
     * 404 unknown; 403 neither requester nor host. The other side gets `match_deleted`.
     */
    async remove(userId: number, id: number): Promise<MatchOutcome> {
      const m = await load(id);
      if (m.requesterId !== userId && m.hostId !== userId) throw new AppError(403, 'FORBIDDEN', MATCH_MSG.notParticipant);
      await db.transaction(async (tx) => {
        await deleteMatchChats(tx, [id]);
        // RETURNING gives the status at deletion time (after any concurrent accept committed).
        const [gone] = await tx.delete(matchRequests).where(eq(matchRequests.id, id)).returning({ status: matchRequests.status });
        if (!gone) throw new AppError(404, 'NOT_FOUND', MATCH_MSG.matchNotFound);
        if (gone.status === 'ACCEPTED' || gone.status === 'CONFIRMED') {
          await tx
            .update(schedules)
            .set({ currentParticipants: sql`${schedules.currentParticipants} - 1`, updatedAt: now() })
            .where(and(eq(schedules.id, m.scheduleId), gt(schedules.currentParticipants, 1)));
        }
      });
      const fromUser = await memberRef(userId);
      const toUserId = userId === m.hostId ? m.requesterId : m.hostId;
      return { text: MATCH_MSG.deleted, events: [{ type: 'match_deleted', matchId: id, scheduleId: m.scheduleId, toUserId, fromUser }] };
    },
  };
}
