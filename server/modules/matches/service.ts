/**
 * Match requests (SPEC §3 Match request, §4 "Match request status", §5, §6, §8; issues #3, #15).
 * The host is the schedule's author. Seats: `schedules.current_participants` counts the host plus
 * every ACCEPTED or CONFIRMED request; accepting takes a seat with ONE conditional UPDATE in the
 * same transaction as the status change, so concurrent accepts can never overfill a schedule
 * (PostgreSQL re-checks the WHERE clause after waiting for the row lock; PGlite runs one
 * transaction at a time). Transactions that touch seats lock the schedule row before its requests.
 *
 * The meal lifecycle (issue #15): an ACCEPTED or CONFIRMED match can be cancelled by either side
 * before the start (never deleted: the partner is told, the seat freed); a PENDING request is
 * withdrawn by its requester; after the start a side can only hide a match from its own lists.
 * When the last seat is taken the other PENDING requests are waitlisted; when a full schedule gets a
 * seat back they (and the host) hear about it. Either side can say "도착했어요" around the start
 * and report afterwards whether the partner came.
 */
import { and, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MatchRequest } from '../../../common/api/matches.ts';
import {
  ARRIVAL_WINDOW_MINUTES,
  ATTENDANCE_WINDOW_DAYS,
  HOST_TRANSITIONS,
  LATE_CANCEL_HOURS,
  type HostAction,
  type MatchSide,
} from '../../../common/domain/match-status.ts';
import { isInScheduleWindow } from '../../../common/domain/schedule.ts';
import type { MealRef } from '../../../common/realtime.ts';
import { matchRequests, schedules, users } from '../../db/schema.ts';
import type { Database } from '../../plugins/db.ts';
import type { MatchEvent, MatchEventType } from '../../plugins/notifier.ts';
import type { Clock } from '../../lib/clock.ts';
import { isBlockedBetween } from '../../lib/blocks.ts';
import { AppError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/user-view.ts';
import { deleteMatchChats, type Tx } from '../../lib/match-chat.ts';
import { memberStats, NO_STATS } from '../../lib/member-stats.ts';
import { exactTime, TimeIdCursor } from '../../lib/paging.ts';

/** Korean texts of the match routes (UI-TEXT.md "Server text answers" where it fixes one). */
export const MATCH_MSG = {
  requested: '매칭 신청이 완료되었습니다.',
  accepted: '매칭을 수락했습니다.',
  rejected: '매칭을 거절했습니다.',
  confirmed: '매칭이 확정되었습니다.',
  deleted: '매칭이 삭제되었습니다.',
  withdrawn: '매칭 신청을 취소했어요.',
  cancelled: '약속을 취소했어요.',
  arrived: '도착을 알렸어요.',
  attendanceSaved: '참석 여부를 저장했어요.',
  ownSchedule: '자신이 만든 일정에는 매칭을 신청할 수 없습니다.',
  alreadyRequested: '이미 신청한 일정입니다.',
  full: '모집 인원이 모두 찼습니다.',
  fullOnAccept: '정원이 찼어요.',
  past: '지난 일정에는 신청할 수 없습니다.',
  started: '이미 시작된 약속이에요.',
  startedCancel: '이미 시작된 약속은 취소할 수 없어요.',
  scheduleNotFound: '일정을 찾을 수 없습니다.',
  matchNotFound: '매칭 요청을 찾을 수 없습니다.',
  notHost: '일정을 만든 사람만 매칭 요청을 처리할 수 있습니다.',
  notParticipant: '본인의 매칭만 삭제할 수 있습니다.',
  notYourMatch: '본인의 매칭이 아닙니다.',
  /** Issue #17 (UI-TEXT "Block"). */
  blocked: '요청을 보낼 수 없는 회원이에요.',
  notPendingAccept: '대기중인 요청만 수락할 수 있습니다.',
  notPendingReject: '대기중인 요청만 거절할 수 있습니다.',
  notAcceptedConfirm: '수락된 요청만 확정할 수 있습니다.',
  notCancellable: '수락되거나 확정된 약속만 취소할 수 있어요.',
  notConfirmed: '확정된 약속에서만 할 수 있어요.',
  arrivalWindow: `도착 알림은 약속 시간 ${ARRIVAL_WINDOW_MINUTES}분 전부터 ${ARRIVAL_WINDOW_MINUTES}분 후까지 보낼 수 있어요.`,
  attendanceWindow: `참석 여부는 약속 시간부터 ${ATTENDANCE_WINDOW_DAYS}일 동안 남길 수 있어요.`,
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

const MINUTE_MS = 60_000;
const host = alias(users, 'host');
const requester = alias(users, 'requester');

/** A match with what the lifecycle rules need. */
interface LoadedMatch {
  id: number;
  status: MatchRequest['status'];
  scheduleId: number;
  requesterId: number;
  hostId: number;
  startsAt: Date;
  meal: MealRef;
  hostArrivedAt: Date | null;
  requesterArrivedAt: Date | null;
}

/**
 * A list's keyset position: [createdAt as ISO 8601 with microseconds, id] (server/lib/paging.ts),
 * the order of the (requester_id | host_id, created_at, id) indexes.
 */
export const MatchCursor = TimeIdCursor;
export type MatchCursorKey = [string, number];
/** Which rows of a list to read: `limit` (the route asks one more than it answers) after `after`. */
export interface ListPage {
  limit: number;
  after?: MatchCursorKey;
}

/** Builds the matches service. */
export function createMatchesService(deps: { db: Database; now: Clock }) {
  const { db, now } = deps;

  /** A member's `{ id, name, profileImage }`. */
  async function memberRef(id: number) {
    const [u] = await db.select({ id: users.id, name: users.name, profileImage: users.profileImage }).from(users).where(eq(users.id, id));
    return u ?? { id, name: '', profileImage: null };
  }

  /** The request `id` with its schedule, or 404. */
  async function load(id: number): Promise<LoadedMatch> {
    const [m] = await db
      .select({
        id: matchRequests.id,
        status: matchRequests.status,
        scheduleId: matchRequests.scheduleId,
        requesterId: matchRequests.requesterId,
        hostId: schedules.userId,
        startsAt: schedules.startsAt,
        placeName: schedules.placeName,
        date: schedules.date,
        hour: schedules.hour,
        hostArrivedAt: matchRequests.hostArrivedAt,
        requesterArrivedAt: matchRequests.requesterArrivedAt,
      })
      .from(matchRequests)
      .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
      .where(eq(matchRequests.id, id));
    if (!m) throw new AppError(404, 'NOT_FOUND', MATCH_MSG.matchNotFound);
    return { ...m, meal: { placeName: m.placeName, date: m.date, time: m.hour } };
  }

  /** The caller's side of `m`, or 403 `message` when they are neither host nor requester. */
  function sideOf(m: LoadedMatch, userId: number, message: string = MATCH_MSG.notYourMatch): MatchSide {
    if (m.hostId === userId) return 'host';
    if (m.requesterId === userId) return 'requester';
    throw new AppError(403, 'FORBIDDEN', message);
  }

  /**
   * Requests matching `where`, newest first, in the MatchRequest shape (members with their figures),
   * each with its keyset position `key` = [createdAt in epoch ms, id] (issue #19 item 1). `created_at`
   * holds microseconds (defaultNow) and a cursor milliseconds, so the order and the comparison use
   * the time cut to whole milliseconds: a page boundary inside one millisecond neither repeats nor
   * skips a row. At most `page.limit` rows after `page.after` (the newest when absent).
   */
  async function list(where: SQL | undefined, page: ListPage): Promise<Array<{ item: MatchRequest; key: MatchCursorKey }>> {
    const conds = [where];
    if (page.after) conds.push(sql`(${matchRequests.createdAt}, ${matchRequests.id}) < (${page.after[0]}::timestamptz, ${page.after[1]})`);
    const rows = await db
      .select({
        m: matchRequests,
        at: exactTime(matchRequests.createdAt),
        requesterName: requester.name,
        requesterImage: requester.profileImage,
        scheduleId: schedules.id,
        placeName: schedules.placeName,
        date: schedules.date,
        hour: schedules.hour,
        text: schedules.text,
        participants: schedules.participants,
        currentParticipants: schedules.currentParticipants,
        startsAt: schedules.startsAt,
        scheduleCancelledAt: schedules.cancelledAt,
        hostId: host.id,
        hostName: host.name,
        hostImage: host.profileImage,
      })
      .from(matchRequests)
      .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
      .innerJoin(host, eq(host.id, schedules.userId))
      .innerJoin(requester, eq(requester.id, matchRequests.requesterId))
      .where(and(...conds))
      .orderBy(desc(matchRequests.createdAt), desc(matchRequests.id))
      .limit(page.limit);
    const stats = await memberStats(db, rows.flatMap((r) => [r.m.requesterId, r.hostId]), now());
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return rows.map(({ m, at, ...r }) => ({ key: [at, m.id] as MatchCursorKey, item: {
      id: m.id,
      status: m.status,
      requester: { id: m.requesterId, name: r.requesterName, profileImage: r.requesterImage, ...(stats.get(m.requesterId) ?? NO_STATS) },
      schedule: {
        id: r.scheduleId,
        member: { id: r.hostId, name: r.hostName, profileImage: r.hostImage, ...(stats.get(r.hostId) ?? NO_STATS) },
        placeName: r.placeName,
        date: r.date,
        time: r.hour,
        text: r.text,
        participants: r.participants,
        currentParticipants: r.currentParticipants,
        isFull: r.currentParticipants >= r.participants,
        startsAt: r.startsAt.toISOString(),
        cancelled: r.scheduleCancelledAt !== null,
      },
      hostReviewed: m.hostReviewed,
      requesterReviewed: m.requesterReviewed,
      cancelledBy: m.cancelledBy,
      cancelReason: m.cancelReason,
      cancelledAt: iso(m.cancelledAt),
      lateCancel: m.lateCancel,
      waitlisted: m.waitlisted,
      arrivedAt: { host: iso(m.hostArrivedAt), requester: iso(m.requesterArrivedAt) },
      attendance: { byHost: m.hostReportsAttended, byRequester: m.requesterReportsAttended },
      createdAt: m.createdAt.toISOString(),
    } }));
  }

  /**
   * Locks the schedule's row for the rest of `tx`. Every transaction that changes a schedule's seats
   * and several of its requests takes this lock first (schedule, then requests), so concurrent
   * accepts and cancellations queue instead of deadlocking on PostgreSQL.
   */
  async function lockSchedule(tx: Tx, scheduleId: number): Promise<void> {
    await tx.select({ id: schedules.id }).from(schedules).where(eq(schedules.id, scheduleId)).for('update');
  }

  /**
   * Frees one seat of `scheduleId` inside `tx`. When the schedule was full, its waitlisted PENDING
   * requests are released and `seat_opened` goes to each of their requesters and to the host
   * (unless the host freed it; issue #15). Answers those events.
   */
  async function freeSeat(tx: Tx, m: LoadedMatch, fromUser: MatchEvent['fromUser']): Promise<MatchEvent[]> {
    const [seat] = await tx
      .update(schedules)
      .set({ currentParticipants: sql`${schedules.currentParticipants} - 1`, updatedAt: now() })
      .where(and(eq(schedules.id, m.scheduleId), gt(schedules.currentParticipants, 1)))
      .returning({ current: schedules.currentParticipants, participants: schedules.participants });
    if (!seat || seat.current !== seat.participants - 1) return [];
    const released = await tx
      .update(matchRequests)
      .set({ waitlisted: false, updatedAt: now() })
      .where(and(eq(matchRequests.scheduleId, m.scheduleId), eq(matchRequests.status, 'PENDING'), eq(matchRequests.waitlisted, true)))
      .returning({ id: matchRequests.id, requesterId: matchRequests.requesterId });
    const opened = (matchId: number, toUserId: number): MatchEvent => ({ type: 'seat_opened', matchId, scheduleId: m.scheduleId, toUserId, fromUser, meal: m.meal });
    const toHost = fromUser.id === m.hostId ? [] : [opened(m.id, m.hostId)];
    return [...toHost, ...released.map((r) => opened(r.id, r.requesterId))];
  }

  /** Events when the last seat has been taken: waitlists the other PENDING requests (issue #15). */
  async function fillUp(tx: Tx, m: LoadedMatch, fromUser: MatchEvent['fromUser']): Promise<MatchEvent[]> {
    const waiting = await tx
      .update(matchRequests)
      .set({ waitlisted: true, updatedAt: now() })
      .where(and(eq(matchRequests.scheduleId, m.scheduleId), eq(matchRequests.status, 'PENDING'), eq(matchRequests.waitlisted, false)))
      .returning({ id: matchRequests.id, requesterId: matchRequests.requesterId });
    return waiting.map((w) => ({ type: 'schedule_full' as const, matchId: w.id, scheduleId: m.scheduleId, toUserId: w.requesterId, fromUser, meal: m.meal }));
  }

  /**
   * The cancellation of an ACCEPTED or CONFIRMED match by `side` (issue #15), inside a transaction:
   * CANCELLED with who, why and when; late when within 24 h of the start; the seat freed. 409 when
   * the meal has started or the match is in another status.
   */
  async function cancelIn(m: LoadedMatch, side: MatchSide, userId: number, reason: string | null): Promise<MatchOutcome> {
    const at = now();
    if (at >= m.startsAt) throw new AppError(409, 'MEAL_STARTED', MATCH_MSG.startedCancel);
    const fromUser = await memberRef(userId);
    const lateCancel = m.startsAt.getTime() - at.getTime() < LATE_CANCEL_HOURS * 60 * MINUTE_MS;
    const events = await db.transaction(async (tx) => {
      await lockSchedule(tx, m.scheduleId);
      const [changed] = await tx
        .update(matchRequests)
        .set({ status: 'CANCELLED', cancelledBy: side, cancelReason: reason, cancelledAt: at, lateCancel, waitlisted: false, updatedAt: at })
        .where(and(eq(matchRequests.id, m.id), inArray(matchRequests.status, ['ACCEPTED', 'CONFIRMED'])))
        .returning({ id: matchRequests.id });
      if (!changed) throw new AppError(409, 'ILLEGAL_TRANSITION', MATCH_MSG.notCancellable);
      return freeSeat(tx, m, fromUser);
    });
    const toUserId = side === 'host' ? m.requesterId : m.hostId;
    return {
      text: MATCH_MSG.cancelled,
      events: [{ type: 'match_cancelled', matchId: m.id, scheduleId: m.scheduleId, toUserId, fromUser, meal: m.meal, reason }, ...events],
    };
  }

  /**
   * Cancels, by `actorId`'s side, every open match (PENDING, ACCEPTED or CONFIRMED, meal not
   * started) that `actorId` takes part in and `which` selects: PENDING ones directly, the others as
   * `cancelIn` (seat freed, late flag). Each partner gets `match_cancelled` without a reason.
   */
  async function cancelOpen(actorId: number, which: SQL): Promise<MatchEvent[]> {
    const open = await db
      .select({ id: matchRequests.id })
      .from(matchRequests)
      .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
      .where(and(inArray(matchRequests.status, ['PENDING', 'ACCEPTED', 'CONFIRMED']), gt(schedules.startsAt, now()), which));
    const events: MatchEvent[] = [];
    for (const { id } of open) {
      const m = await load(id);
      const side = sideOf(m, actorId);
      if (m.status === 'PENDING') {
        const at = now();
        const [changed] = await db
          .update(matchRequests)
          .set({ status: 'CANCELLED', cancelledBy: side, cancelledAt: at, waitlisted: false, updatedAt: at })
          .where(and(eq(matchRequests.id, id), eq(matchRequests.status, 'PENDING')))
          .returning({ id: matchRequests.id });
        const toUserId = side === 'host' ? m.requesterId : m.hostId;
        if (changed) events.push({ type: 'match_cancelled', matchId: id, scheduleId: m.scheduleId, toUserId, fromUser: await memberRef(actorId), meal: m.meal });
      } else {
        try {
          events.push(...(await cancelIn(m, side, actorId, null)).events);
        } catch (error) {
          // Started or changed meanwhile: nothing to cancel.
          if (!(error instanceof AppError && error.statusCode === 409)) throw error;
        }
      }
    }
    return events;
  }

  const service = {
    /** Requests on the caller's schedules (the caller is the host), newest first; REJECTED included, hidden ones not. */
    received: (userId: number, page: ListPage) => list(and(eq(matchRequests.hostId, userId), eq(matchRequests.hostHidden, false)), page),

    /** The caller's own requests, newest first; REJECTED and CANCELLED included, hidden ones not. */
    sent: (userId: number, page: ListPage) => list(and(eq(matchRequests.requesterId, userId), eq(matchRequests.requesterHidden, false)), page),

    /**
     * `GET /api/matches/{id}` (issue #19 left-overs: the chat and write-review pages): the one match
     * `id` in the list item shape (`MatchRequest`, the same `list` query), for its host or its
     * requester. A match the caller hid (`DELETE` after the meal) is still answered — the chat link
     * must keep working; hiding only removes it from the caller's lists. 404 `NOT_FOUND`
     * '매칭 요청을 찾을 수 없습니다.' for an unknown id and also for a member who is neither side,
     * so ids cannot be probed.
     */
    async get(userId: number, id: number): Promise<MatchRequest> {
      const mine = or(eq(schedules.userId, userId), eq(matchRequests.requesterId, userId));
      const [row] = await list(and(eq(matchRequests.id, id), mine), { limit: 1 });
      if (!row) throw new AppError(404, 'NOT_FOUND', MATCH_MSG.matchNotFound);
      return row.item;
    },

    /**
     * Asks to join schedule `scheduleId` (SPEC §7 POST /api/matches, §5, §8). Checked in this order:
     * 404 unknown or deleted; 400 own schedule; 403 BLOCKED '요청을 보낼 수 없는 회원이에요.' when
     * either member blocked the other (issue #17); 409 already requested (any status; also under a race,
     * by the unique index); 409 past (dated before today KST, beyond the window, or — issue #15 —
     * the hour has started); 409 full.
     */
    async request(userId: number, scheduleId: number): Promise<MatchOutcome> {
      const [s] = await db
        .select({
          id: schedules.id,
          hostId: schedules.userId,
          date: schedules.date,
          startsAt: schedules.startsAt,
          cancelledAt: schedules.cancelledAt,
          participants: schedules.participants,
          current: schedules.currentParticipants,
        })
        .from(schedules)
        .where(eq(schedules.id, scheduleId));
      if (!s || s.cancelledAt) throw new AppError(404, 'NOT_FOUND', MATCH_MSG.scheduleNotFound);
      if (s.hostId === userId) throw new AppError(400, 'OWN_SCHEDULE', MATCH_MSG.ownSchedule);
      if (await isBlockedBetween(db, userId, s.hostId)) throw new AppError(403, 'BLOCKED', MATCH_MSG.blocked);
      const alreadyRequested = () => new AppError(409, 'ALREADY_REQUESTED', MATCH_MSG.alreadyRequested);
      const [existing] = await db
        .select({ id: matchRequests.id })
        .from(matchRequests)
        .where(and(eq(matchRequests.scheduleId, scheduleId), eq(matchRequests.requesterId, userId)));
      if (existing) throw alreadyRequested();
      if (!isInScheduleWindow(s.date, now()) || now() >= s.startsAt) throw new AppError(409, 'SCHEDULE_PAST', MATCH_MSG.past);
      if (s.current >= s.participants) throw new AppError(409, 'SCHEDULE_FULL', MATCH_MSG.full);
      let id: number;
      try {
        const [row] = await db.insert(matchRequests).values({ scheduleId, requesterId: userId, hostId: s.hostId, status: 'PENDING' }).returning({ id: matchRequests.id });
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
     * other status, 409 `MEAL_STARTED` for accept/confirm once the meal has started, and for accept
     * 409 `SCHEDULE_FULL` '정원이 찼어요.' when full — then nothing changes. The status change is
     * conditional (`WHERE status = from`), so two concurrent calls cannot both succeed. An accept
     * that takes the last seat waitlists every other PENDING request (`schedule_full` to each).
     */
    async transition(userId: number, id: number, action: HostAction): Promise<MatchOutcome> {
      const { from, to } = HOST_TRANSITIONS[action];
      const m = await load(id);
      if (m.hostId !== userId) throw new AppError(403, 'NOT_HOST', MATCH_MSG.notHost);
      if (action !== 'reject' && now() >= m.startsAt && m.status === from) throw new AppError(409, 'MEAL_STARTED', MATCH_MSG.started);
      const fromUser = await memberRef(userId);
      const extra = await db.transaction(async (tx) => {
        // Lock order: the schedule, then its requests (a full schedule's accept updates the others).
        if (action === 'accept') await lockSchedule(tx, m.scheduleId);
        const [changed] = await tx
          .update(matchRequests)
          .set({ status: to, waitlisted: false, updatedAt: now() })
          .where(and(eq(matchRequests.id, id), eq(matchRequests.status, from)))
          .returning({ id: matchRequests.id });
        if (!changed) {
          // Gone meanwhile → 404; otherwise it is in another status.
          const [still] = await tx.select({ id: matchRequests.id }).from(matchRequests).where(eq(matchRequests.id, id));
          if (!still) throw new AppError(404, 'NOT_FOUND', MATCH_MSG.matchNotFound);
          throw new AppError(409, 'ILLEGAL_TRANSITION', ACTIONS[action].illegal);
        }
        if (action !== 'accept') return [];
        const [seat] = await tx
          .update(schedules)
          .set({ currentParticipants: sql`${schedules.currentParticipants} + 1`, updatedAt: now() })
          .where(and(eq(schedules.id, m.scheduleId), lt(schedules.currentParticipants, schedules.participants)))
          .returning({ current: schedules.currentParticipants, participants: schedules.participants });
        if (!seat) throw new AppError(409, 'SCHEDULE_FULL', MATCH_MSG.fullOnAccept);
        return seat.current >= seat.participants ? fillUp(tx, m, fromUser) : [];
      });
      return {
        text: ACTIONS[action].done,
        events: [{ type: ACTIONS[action].event, matchId: id, scheduleId: m.scheduleId, toUserId: m.requesterId, fromUser, meal: m.meal }, ...extra],
      };
    },

    /**
     * `POST /api/matches/{id}/cancel` (issue #15): the host or the requester cancels an ACCEPTED or
     * CONFIRMED match before the meal starts. `reason` is trimmed (blank → none). 404 unknown; 403
     * not a participant; 409 `MEAL_STARTED` '이미 시작된 약속은 취소할 수 없어요.'; 409
     * `ILLEGAL_TRANSITION` in any other status. The other side gets `match_cancelled`.
     */
    async cancel(userId: number, id: number, reason?: string): Promise<MatchOutcome> {
      const m = await load(id);
      const side = sideOf(m, userId);
      if (m.status !== 'ACCEPTED' && m.status !== 'CONFIRMED') throw new AppError(409, 'ILLEGAL_TRANSITION', MATCH_MSG.notCancellable);
      return cancelIn(m, side, userId, reason?.trim() || null);
    },

    /**
     * `DELETE /api/matches/{id}` (SPEC §4, §6; issue #15) — never a silent delete:
     * - PENDING, by the requester: withdrawn (the row goes; the host gets `match_withdrawn`);
     *   by the host before the start: rejected (`match_rejected`);
     * - ACCEPTED or CONFIRMED before the start: cancelled, exactly as `cancel` without a reason;
     * - otherwise (the meal has started, or REJECTED/CANCELLED): hidden from the caller's list only;
     *   the partner keeps the match and its chat.
     * 404 unknown; 403 neither requester nor host.
     */
    async remove(userId: number, id: number): Promise<MatchOutcome> {
      const m = await load(id);
      const side = sideOf(m, userId, MATCH_MSG.notParticipant);
      const started = now() >= m.startsAt;
      if (m.status === 'PENDING' && side === 'requester') {
        const gone = await db.transaction(async (tx) => {
          await deleteMatchChats(tx, [id]);
          return tx.delete(matchRequests).where(and(eq(matchRequests.id, id), eq(matchRequests.status, 'PENDING'))).returning({ id: matchRequests.id });
        });
        if (gone.length === 0) return service.remove(userId, id); // accepted meanwhile: decide again
        const fromUser = await memberRef(userId);
        return { text: MATCH_MSG.withdrawn, events: [{ type: 'match_withdrawn', matchId: id, scheduleId: m.scheduleId, toUserId: m.hostId, fromUser, meal: m.meal }] };
      }
      if (m.status === 'PENDING' && !started) return service.transition(userId, id, 'reject');
      if ((m.status === 'ACCEPTED' || m.status === 'CONFIRMED') && !started) return cancelIn(m, side, userId, null);
      await db
        .update(matchRequests)
        .set(side === 'host' ? { hostHidden: true } : { requesterHidden: true })
        .where(eq(matchRequests.id, id));
      return { text: MATCH_MSG.deleted, events: [] };
    },

    /**
     * Issue #17 item 4: when `blockerId` blocks `blockedId`, every open match between them (PENDING,
     * ACCEPTED or CONFIRMED whose meal has not started, either as host or requester) becomes
     * CANCELLED by the blocker's side, without a reason; accepted seats are freed. The events end
     * the matches' chats; the notification store drops those addressed across the block, so the
     * blocked member is not told who did it. Answers the events (notify after the block's commit).
     */
    cancelBetween: (blockerId: number, blockedId: number): Promise<MatchEvent[]> =>
      cancelOpen(
        blockerId,
        or(
          and(eq(schedules.userId, blockerId), eq(matchRequests.requesterId, blockedId)),
          and(eq(schedules.userId, blockedId), eq(matchRequests.requesterId, blockerId)),
        )!,
      ),

    /**
     * Issue #17 item 2 (account deletion): every open match of `userId` (PENDING, ACCEPTED or
     * CONFIRMED whose meal has not started, as host or as requester) becomes CANCELLED by their
     * side; each partner gets `match_cancelled`. Answers the events (notify after they are sent).
     */
    cancelAllOf: (userId: number): Promise<MatchEvent[]> => cancelOpen(userId, or(eq(schedules.userId, userId), eq(matchRequests.requesterId, userId))!),

    /**
     * `POST /api/matches/{id}/arrived` (issue #15): a side of a CONFIRMED match says it has arrived,
     * from 60 min before to 60 min after the start. The partner gets `partner_arrived` the first
     * time only (a second press answers 200 and tells nobody). 404; 403 not a participant; 409
     * `NOT_CONFIRMED`; 409 `ARRIVAL_WINDOW` outside the window.
     */
    async arrived(userId: number, id: number): Promise<MatchOutcome> {
      const m = await load(id);
      const side = sideOf(m, userId);
      if (m.status !== 'CONFIRMED') throw new AppError(409, 'NOT_CONFIRMED', MATCH_MSG.notConfirmed);
      const at = now();
      const window = ARRIVAL_WINDOW_MINUTES * MINUTE_MS;
      if (Math.abs(at.getTime() - m.startsAt.getTime()) > window) throw new AppError(409, 'ARRIVAL_WINDOW', MATCH_MSG.arrivalWindow);
      const column = side === 'host' ? matchRequests.hostArrivedAt : matchRequests.requesterArrivedAt;
      const [first] = await db
        .update(matchRequests)
        .set(side === 'host' ? { hostArrivedAt: at } : { requesterArrivedAt: at })
        .where(and(eq(matchRequests.id, id), eq(matchRequests.status, 'CONFIRMED'), sql`${column} is null`))
        .returning({ id: matchRequests.id });
      if (!first) return { text: MATCH_MSG.arrived, events: [] };
      const fromUser = await memberRef(userId);
      const toUserId = side === 'host' ? m.requesterId : m.hostId;
      return { text: MATCH_MSG.arrived, events: [{ type: 'partner_arrived', matchId: id, scheduleId: m.scheduleId, toUserId, fromUser, meal: m.meal }] };
    },

    /**
     * `POST /api/matches/{id}/attendance` (issue #15): a side of a CONFIRMED match reports whether
     * the partner came, from the start to 7 days after (it may be changed in that time). 404; 403;
     * 409 `NOT_CONFIRMED`; 409 `ATTENDANCE_WINDOW` outside the window.
     */
    async attendance(userId: number, id: number, partnerAttended: boolean): Promise<MatchOutcome> {
      const m = await load(id);
      const side = sideOf(m, userId);
      if (m.status !== 'CONFIRMED') throw new AppError(409, 'NOT_CONFIRMED', MATCH_MSG.notConfirmed);
      const at = now().getTime();
      const start = m.startsAt.getTime();
      if (at < start || at > start + ATTENDANCE_WINDOW_DAYS * 24 * 60 * MINUTE_MS) throw new AppError(409, 'ATTENDANCE_WINDOW', MATCH_MSG.attendanceWindow);
      await db
        .update(matchRequests)
        .set(side === 'host' ? { hostReportsAttended: partnerAttended } : { requesterReportsAttended: partnerAttended })
        .where(eq(matchRequests.id, id));
      return { text: MATCH_MSG.attendanceSaved, events: [] };
    },
  };
  return service;
}
