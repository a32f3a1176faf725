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
 *
 * Issue #28 item 8: what each side did (hid, reviewed, arrived, reported the partner, cancelled
 * late) is on that member's `match_members` row (server/modules/meals/members.ts), inserted with
 * the request; the API shapes (`hostReviewed`, `arrivedAt.host`, `attendance.byHost`, …) are built
 * from the two rows.
 */
import { and, desc, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MatchRequest } from '../../../../common/api/matches.ts';
import type { AbsenceMark, MatchListWhen, MyAbsenceMark } from '../../../../common/api/matches.ts';
import {
  ARRIVAL_WINDOW_MINUTES,
  ATTENDANCE_WINDOW_DAYS,
  canTransition,
  DISPUTE_WINDOW_HOURS,
  HOST_TRANSITIONS,
  LATE_CANCEL_HOURS,
  MEAL_MINUTES_DEFAULT,
  NO_SHOW_GRACE_MINUTES_DEFAULT,
  REQUESTS_AGAIN_MAX,
  statusesBefore,
  type HostAction,
  type MatchSide,
  type MatchStatus,
} from '../../../../common/domain/match-status.ts';
import { koreanTimeFrom } from '../../../../common/domain/korean-time.ts';
import { isInScheduleWindow } from '../../../../common/domain/schedule.ts';
import type { MealRef } from '../../../../common/realtime.ts';
import { matchMembers, matchRequests, reports, schedules, users } from '../../../db/schema.ts';
import { tableJoined, tableLeft } from '../../chat/public.ts';
import { guestMember, guestMemberOn, hostMember, hostMemberOn, insertMembers, setMember } from '../members.ts';
import type { Database, Tx } from '../../../db/database.ts';
import type { MatchEvent, MatchEventType, StageNotices } from '../../../plugins/notifier.ts';
import type { Clock } from '../../../lib/clock.ts';
import { isBlockedBetween, notBlockedWith } from '../../blocks/public.ts';
import { AppError, appError, fail } from '../../../lib/errors.ts';
import { MESSAGES } from '../../../../common/i18n/messages.ts';
import { isUniqueViolation } from '../../../lib/user-view.ts';
import { memberStats, NO_STATS } from '../public.ts';
import { exactTime, TimeIdCursor } from '../../../lib/paging.ts';

/** The meal-length settings the rules read (server/config.ts `meal`; issue #28 items 1 and 6). */
export interface MealRules {
  /** NO_SHOW_GRACE_MINUTES: "안 나왔어요" opens this many minutes after the start. */
  noShowGraceMinutes: number;
  /** MEAL_MINUTES: reviews open this many minutes after the start. */
  mealMinutes: number;
}
export const DEFAULT_MEAL_RULES: MealRules = { noShowGraceMinutes: NO_SHOW_GRACE_MINUTES_DEFAULT, mealMinutes: MEAL_MINUTES_DEFAULT };

/** Stores notices inside the change's transaction (`app.stageNotices`, issue #28 item 8). */
export type { StageNotices };
const noStaging: StageNotices = async () => {};

/**
 * Issue #28 item 3: from when a cancellation of a seated request counts as late — the start − 24 h,
 * or never (null) once the meal's time or place changed after the request was accepted.
 */
export function lateCancelFrom(startsAt: Date, scheduleChangedAt: Date | null): Date | null {
  return scheduleChangedAt ? null : new Date(startsAt.getTime() - LATE_CANCEL_HOURS * 60 * MINUTE_MS);
}

/** The answer text and the notification of each host action. */
const ACTIONS: Record<HostAction, { done: string; event: MatchEventType }> = {
  accept: { done: MESSAGES.matchAccepted, event: 'match_accepted' },
  reject: { done: MESSAGES.matchRejected, event: 'match_rejected' },
  confirm: { done: MESSAGES.matchConfirmed, event: 'match_confirmed' },
};

/** What a service call answers: the text for the client and the events to notify after commit. */
export interface MatchOutcome {
  text: string;
  events: MatchEvent[];
}

const host = alias(users, 'host');
const requester = alias(users, 'requester');

const MINUTE_MS = 60_000;

/**
 * A match with what the lifecycle rules need. The `host…`/`requester…` facts are read from the
 * host's and the guest's `match_members` rows (issue #28 item 8): `hostReportsAttended` is the
 * host's row's `partnerAttended` (the host's report on the requester), and the reverse.
 */
interface LoadedMatch {
  id: number;
  status: MatchStatus;
  scheduleId: number;
  requesterId: number;
  hostId: number;
  startsAt: Date;
  meal: MealRef;
  hostArrivedAt: Date | null;
  requesterArrivedAt: Date | null;
  hostReportsAttended: boolean | null;
  requesterReportsAttended: boolean | null;
  hostReportedAt: Date | null;
  requesterReportedAt: Date | null;
  scheduleChangedAt: Date | null;
}

/**
 * A list's keyset position: [createdAt as ISO 8601 with microseconds, id] (server/lib/paging.ts),
 * the order of the (requester_id | host_id, created_at, id) indexes.
 */
export const MatchCursor = TimeIdCursor;
export type MatchCursorKey = [string, number];
/** Which rows of a list to read: `limit` (the route asks one more than it answers) after `after`, and `when` (issue #28 item 7). */
export interface ListPage {
  limit: number;
  after?: MatchCursorKey;
  when?: MatchListWhen;
}

/** A dispute of an absence mark as stored in the report queue (issue #28 item 1). */
interface DisputeRow {
  matchId: number;
  accusedId: number;
  createdAt: Date;
  detail: string | null;
  status: 'open' | 'resolved';
  action: 'dismiss' | 'hide' | 'suspend' | null;
}

/** The report target type of a dispute: the match's absence mark against the reporter (issue #28 item 1). */
export const DISPUTE_TARGET = 'attendance' as const;

/**
 * Builds the matches service — the one writer of schedules' seats and of match requests (issue #28
 * item 8). `rules` are the meal-length settings; `stage` stores the notices of each change in its
 * transaction (`app.stageNotices`); callers publish the answered events after the commit
 * (`app.notifyAll`).
 */
export function createMatchesService(deps: { db: Database; now: Clock; rules?: MealRules; stage?: StageNotices }) {
  const { db, now } = deps;
  const rules = deps.rules ?? DEFAULT_MEAL_RULES;
  const stage = deps.stage ?? noStaging;

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
        hostArrivedAt: hostMember.arrivedAt,
        requesterArrivedAt: guestMember.arrivedAt,
        hostReportsAttended: hostMember.partnerAttended,
        requesterReportsAttended: guestMember.partnerAttended,
        hostReportedAt: hostMember.reportedAt,
        requesterReportedAt: guestMember.reportedAt,
        scheduleChangedAt: matchRequests.scheduleChangedAt,
      })
      .from(matchRequests)
      .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
      .innerJoin(hostMember, hostMemberOn)
      .innerJoin(guestMember, guestMemberOn)
      .where(eq(matchRequests.id, id));
    if (!m) fail('MATCH_NOT_FOUND');
    return { ...m, meal: { placeName: m.placeName, date: m.date, time: m.hour } };
  }

  /** The caller's side of `m`, or 403 NOT_MATCH_PARTICIPANT when they are neither host nor requester. */
  function sideOf(m: LoadedMatch, userId: number): MatchSide {
    if (m.hostId === userId) return 'host';
    if (m.requesterId === userId) return 'requester';
    return fail('NOT_MATCH_PARTICIPANT');
  }

  /**
   * Changes request `id` to `to` inside `tx` when it is in a status from which MATCH_TRANSITIONS
   * allows `to` (and `also` holds); answers whether it changed. The one way a status changes.
   */
  async function move(tx: Tx, id: number, to: MatchStatus, set: Partial<typeof matchRequests.$inferInsert> = {}, also?: SQL): Promise<boolean> {
    const [changed] = await tx
      .update(matchRequests)
      .set({ ...set, status: to, updatedAt: set.updatedAt ?? now() })
      // bounded: at most the five statuses of MATCH_TRANSITIONS
      .where(and(eq(matchRequests.id, id), inArray(matchRequests.status, statusesBefore(to)), also))
      .returning({ id: matchRequests.id });
    return !!changed;
  }

  /** The disputes of the absence marks on `matchIds` (the report queue's `attendance` targets). */
  async function disputesOf(matchIds: readonly number[]): Promise<DisputeRow[]> {
    if (matchIds.length === 0) return [];
    return db
      .select({ matchId: reports.targetId, accusedId: reports.reporterId, createdAt: reports.createdAt, detail: reports.detail, status: reports.status, action: reports.action })
      .from(reports)
      .where(and(eq(reports.targetType, DISPUTE_TARGET), sql`${reports.targetId} = any(${`{${matchIds.join(',')}}`}::int[])`));
  }

  /** The absence mark against the member whose partner reported `attended` at `reportedAt`, with its dispute. */
  function absenceMark(attended: boolean | null, reportedAt: Date | null, dispute: DisputeRow | undefined): AbsenceMark | null {
    if (attended !== false || !reportedAt) return null;
    const decision = !dispute || dispute.status === 'open' ? null : dispute.action === 'hide' ? ('removed' as const) : ('upheld' as const);
    return {
      markedAt: reportedAt.toISOString(),
      disputeUntil: new Date(reportedAt.getTime() + DISPUTE_WINDOW_HOURS * 60 * MINUTE_MS).toISOString(),
      disputedAt: dispute ? dispute.createdAt.toISOString() : null,
      disputeNote: dispute?.detail ?? null,
      decision,
    };
  }

  /**
   * Requests matching `where`, newest first, in the MatchRequest shape (members with their figures),
   * each with its keyset position `key` = [createdAt with microseconds, id] (issue #19 item 1). At
   * most `page.limit` rows after `page.after` (the newest when absent); `page.when` keeps meals not
   * started (`upcoming`) or started (`past`) at the service's clock (issue #28 item 7).
   */
  async function list(where: SQL | undefined, page: ListPage): Promise<Array<{ item: MatchRequest; key: MatchCursorKey }>> {
    const at = now();
    const conds = [where];
    if (page.after) conds.push(sql`(${matchRequests.createdAt}, ${matchRequests.id}) < (${page.after[0]}::timestamptz, ${page.after[1]})`);
    if (page.when === 'upcoming') conds.push(gt(schedules.startsAt, at));
    if (page.when === 'past') conds.push(lte(schedules.startsAt, at));
    const rows = await db
      .select({
        m: matchRequests,
        hm: hostMember,
        gm: guestMember,
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
      .innerJoin(hostMember, hostMemberOn)
      .innerJoin(guestMember, guestMemberOn)
      .where(and(...conds))
      .orderBy(desc(matchRequests.createdAt), desc(matchRequests.id))
      .limit(page.limit);
    const stats = await memberStats(db, rows.flatMap((r) => [r.m.requesterId, r.hostId]), at);
    const marked = rows.filter((r) => r.hm.partnerAttended === false || r.gm.partnerAttended === false).map((r) => r.m.id);
    const disputes = await disputesOf(marked);
    const disputeOf = (matchId: number, accusedId: number) => disputes.find((d) => d.matchId === matchId && d.accusedId === accusedId);
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    const after = (start: Date, minutes: number) => new Date(start.getTime() + minutes * MINUTE_MS).toISOString();
    return rows.map(({ m, hm, gm, at: key, ...r }) => ({ key: [key, m.id] as MatchCursorKey, item: {
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
      hostReviewed: hm.reviewed,
      requesterReviewed: gm.reviewed,
      cancelledBy: m.cancelledBy,
      cancelReason: m.cancelReason,
      cancelledAt: iso(m.cancelledAt),
      // Whoever cancelled late (issue #28 item 8: the flag is on that member's row).
      lateCancel: hm.lateCancel || gm.lateCancel,
      waitlisted: m.waitlisted,
      arrivedAt: { host: iso(hm.arrivedAt), requester: iso(gm.arrivedAt) },
      attendance: { byHost: hm.partnerAttended, byRequester: gm.partnerAttended },
      createdAt: m.createdAt.toISOString(),
      lateCancelFrom: iso(lateCancelFrom(r.startsAt, m.scheduleChangedAt)),
      absentReportFrom: after(r.startsAt, rules.noShowGraceMinutes),
      reviewOpensAt: after(r.startsAt, rules.mealMinutes),
      absence: {
        // The mark against the host is the requester's report, and the reverse.
        host: absenceMark(gm.partnerAttended, gm.reportedAt, disputeOf(m.id, r.hostId)),
        requester: absenceMark(hm.partnerAttended, hm.reportedAt, disputeOf(m.id, m.requesterId)),
      },
      scheduleChangedAt: iso(m.scheduleChangedAt),
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
    return [...toHost, ...released.sort((a, b) => a.id - b.id).map((r) => opened(r.id, r.requesterId))];
  }

  /** Events when the last seat has been taken: waitlists the other PENDING requests (issue #15). */
  async function fillUp(tx: Tx, m: LoadedMatch, fromUser: MatchEvent['fromUser']): Promise<MatchEvent[]> {
    const waiting = await tx
      .update(matchRequests)
      .set({ waitlisted: true, updatedAt: now() })
      .where(and(eq(matchRequests.scheduleId, m.scheduleId), eq(matchRequests.status, 'PENDING'), eq(matchRequests.waitlisted, false)))
      .returning({ id: matchRequests.id, requesterId: matchRequests.requesterId });
    // In request order (PostgreSQL's RETURNING order is the update's, not the id's).
    return waiting.sort((a, b) => a.id - b.id).map((w) => ({ type: 'schedule_full' as const, matchId: w.id, scheduleId: m.scheduleId, toUserId: w.requesterId, fromUser, meal: m.meal }));
  }

  /**
   * The cancellation of an ACCEPTED or CONFIRMED match by `side` (issue #15), in one transaction
   * with its notices: CANCELLED with who, why and when; late when at or after `lateCancelFrom`
   * (never after the meal moved, issue #28 item 3); the seat freed. 409 when the meal has started or
   * the match is in another status.
   */
  async function cancelIn(m: LoadedMatch, side: MatchSide, userId: number, reason: string | null): Promise<MatchOutcome> {
    const at = now();
    if (at >= m.startsAt) fail('MEAL_STARTED', { params: { action: 'cancel' } });
    const fromUser = await memberRef(userId);
    const lateFrom = lateCancelFrom(m.startsAt, m.scheduleChangedAt);
    const lateCancel = lateFrom !== null && at >= lateFrom;
    const toUserId = side === 'host' ? m.requesterId : m.hostId;
    const events = await db.transaction(async (tx) => {
      await lockSchedule(tx, m.scheduleId);
      const changed = await move(tx, m.id, 'CANCELLED', { cancelledBy: side, cancelReason: reason, cancelledAt: at, waitlisted: false, updatedAt: at }, inArray(matchRequests.status, ['ACCEPTED', 'CONFIRMED']));
      if (!changed) fail('ILLEGAL_TRANSITION', { params: { action: 'cancel' } });
      if (lateCancel) await setMember(tx, m.id, side, { lateCancel: true });
      const all: MatchEvent[] = [
        { type: 'match_cancelled', matchId: m.id, scheduleId: m.scheduleId, toUserId, fromUser, meal: m.meal, reason },
        ...(await freeSeat(tx, m, fromUser)),
      ];
      // Issue #30 item 2: the guest leaves the table chat at once (system line in this transaction).
      const table = await tableLeft(tx, { scheduleId: m.scheduleId, userId: m.requesterId, at });
      if (table) all[0]!.table = table;
      await stage(tx, all);
      return all;
    });
    return { text: MESSAGES.mealCancelled, events };
  }

  /**
   * A PENDING request becomes CANCELLED by `side` (withdrawn by its requester, or cancelled by a
   * block, a deletion or a suspension), in one transaction with the notice `type` to the other side.
   * A withdrawn request leaves both lists (the requester may ask again; their card shows 취소됨). Answers null when it is no longer PENDING.
   */
  async function cancelPending(m: LoadedMatch, side: MatchSide, actorId: number, type: 'match_withdrawn' | 'match_cancelled'): Promise<MatchEvent[] | null> {
    const at = now();
    const fromUser = await memberRef(actorId);
    const toUserId = side === 'host' ? m.requesterId : m.hostId;
    return db.transaction(async (tx) => {
      const changed = await move(tx, m.id, 'CANCELLED', { cancelledBy: side, cancelledAt: at, waitlisted: false, updatedAt: at }, eq(matchRequests.status, 'PENDING'));
      if (!changed) return null;
      // A withdrawn request leaves both members' lists.
      if (type === 'match_withdrawn') await tx.update(matchMembers).set({ hidden: true }).where(eq(matchMembers.matchId, m.id));
      const events: MatchEvent[] = [{ type, matchId: m.id, scheduleId: m.scheduleId, toUserId, fromUser, meal: m.meal }];
      await stage(tx, events);
      return events;
    });
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
        events.push(...((await cancelPending(m, side, actorId, 'match_cancelled')) ?? []));
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

  /** Whether request `m` has ended for the lists (issue #28 item 5): REJECTED, CANCELLED, or its meal has started. */
  const ended = (m: LoadedMatch) => m.status === 'REJECTED' || m.status === 'CANCELLED' || now() >= m.startsAt;

  /** Hides `m` from `side`'s lists (목록에서 삭제: `hidden` on that member's row); the partner keeps it and its chat. */
  async function hideFor(m: LoadedMatch, side: MatchSide): Promise<void> {
    await setMember(db, m.id, side, { hidden: true });
  }

  const service = {
    /**
     * Requests on the caller's schedules (the caller is the host), newest first; REJECTED included,
     * hidden ones not; `page.when` keeps upcoming or past meals (issue #28 item 7).
     */
    received: (userId: number, page: ListPage) => list(and(eq(matchRequests.hostId, userId), eq(hostMember.hidden, false)), page),

    /** The caller's own requests, newest first; REJECTED and CANCELLED included, hidden ones not; `page.when` as `received`. */
    sent: (userId: number, page: ListPage) => list(and(eq(matchRequests.requesterId, userId), eq(guestMember.hidden, false)), page),

    /**
     * `GET /api/matches/{id}` (issue #19 left-overs: the chat and write-review pages): the one match
     * `id` in the list item shape (`MatchRequest`, the same `list` query), for its host or its
     * requester. A match the caller hid is still answered — the chat link must keep working; hiding
     * only removes it from the caller's lists. 404 `NOT_FOUND` for an unknown id and also for a
     * member who is neither side, so ids cannot be probed.
     */
    async get(userId: number, id: number): Promise<MatchRequest> {
      const mine = or(eq(schedules.userId, userId), eq(matchRequests.requesterId, userId));
      const [row] = await list(and(eq(matchRequests.id, id), mine), { limit: 1 });
      if (!row) fail('MATCH_NOT_FOUND');
      return row.item;
    },

    /**
     * Asks to join schedule `scheduleId` (SPEC §7 POST /api/matches, §5, §8; issue #28 item 2).
     * Checked in this order: 404 unknown or deleted; 400 own schedule; 403 BLOCKED when either
     * member blocked the other (issue #17), or the caller and any accepted or confirmed guest of the
     * meal (issue #32 item 5; the text does not say who); 409 ALREADY_REQUESTED while the member has an open
     * (PENDING, ACCEPTED, CONFIRMED) request on it (also under a race, by the partial unique index);
     * 409 NOT_INVITED_AGAIN after the host rejected or cancelled one of their requests on it; 409
     * REQUEST_LIMIT after 1 + REQUESTS_AGAIN_MAX requests; 409 SCHEDULE_PAST (dated before today
     * KST, beyond the window, or the hour has started); 409 SCHEDULE_FULL. A new PENDING request
     * otherwise; the host gets `new_match_request` naming the meal.
     */
    async request(userId: number, scheduleId: number): Promise<MatchOutcome> {
      const [s] = await db
        .select({
          id: schedules.id,
          hostId: schedules.userId,
          date: schedules.date,
          hour: schedules.hour,
          placeName: schedules.placeName,
          startsAt: schedules.startsAt,
          cancelledAt: schedules.cancelledAt,
          participants: schedules.participants,
          current: schedules.currentParticipants,
        })
        .from(schedules)
        .where(eq(schedules.id, scheduleId));
      if (!s || s.cancelledAt) fail('SCHEDULE_NOT_FOUND');
      if (s.hostId === userId) fail('OWN_SCHEDULE', { field: 'scheduleId' });
      if (await isBlockedBetween(db, userId, s.hostId)) fail('BLOCKED');
      // Issue #32 item 5: nor with anyone who holds a seat at the table (an accepted or confirmed
      // guest); the same text, which does not say who.
      const [seatedAcross] = await db
        .select({ one: sql<number>`1` })
        .from(matchRequests)
        .where(and(eq(matchRequests.scheduleId, scheduleId), inArray(matchRequests.status, ['ACCEPTED', 'CONFIRMED']), sql`not (${notBlockedWith(userId, matchRequests.requesterId)})`))
        .limit(1);
      if (seatedAcross) fail('BLOCKED');
      const alreadyRequested = () => appError('ALREADY_REQUESTED');
      const earlier = await db
        .select({ status: matchRequests.status, cancelledBy: matchRequests.cancelledBy })
        .from(matchRequests)
        .where(and(eq(matchRequests.scheduleId, scheduleId), eq(matchRequests.requesterId, userId)));
      if (earlier.some((r) => r.status === 'PENDING' || r.status === 'ACCEPTED' || r.status === 'CONFIRMED')) throw alreadyRequested();
      if (earlier.some((r) => r.status === 'REJECTED')) fail('NOT_INVITED_AGAIN', { params: { by: 'reject' } });
      if (earlier.some((r) => r.status === 'CANCELLED' && r.cancelledBy === 'host')) fail('NOT_INVITED_AGAIN', { params: { by: 'cancel' } });
      if (earlier.length > REQUESTS_AGAIN_MAX) fail('REQUEST_LIMIT', { params: { max: REQUESTS_AGAIN_MAX } });
      if (!isInScheduleWindow(s.date, now()) || now() >= s.startsAt) fail('SCHEDULE_PAST');
      if (s.current >= s.participants) fail('SCHEDULE_FULL');
      const fromUser = await memberRef(userId);
      const meal = { placeName: s.placeName, date: s.date, time: s.hour };
      try {
        const events = await db.transaction(async (tx) => {
          const [row] = await tx.insert(matchRequests).values({ scheduleId, requesterId: userId, hostId: s.hostId, status: 'PENDING' }).returning({ id: matchRequests.id });
          await insertMembers(tx, { matchId: row!.id, scheduleId, hostId: s.hostId, guestId: userId });
          const all: MatchEvent[] = [{ type: 'new_match_request', matchId: row!.id, scheduleId, toUserId: s.hostId, fromUser, meal }];
          await stage(tx, all);
          return all;
        });
        return { text: MESSAGES.matchRequested, events };
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyRequested();
        throw error;
      }
    },

    /**
     * The host's transitions (SPEC §4): accept PENDING → ACCEPTED (takes a seat), reject
     * PENDING → REJECTED, confirm ACCEPTED → CONFIRMED. 404 unknown; 403 not the host; 409 from any
     * other status, 409 `MEAL_STARTED` for accept/confirm once the meal has started, and for accept
     * 409 `SCHEDULE_FULL` when full — then nothing changes. The status change is
     * conditional (`WHERE status = from`), so two concurrent calls cannot both succeed. An accept
     * that takes the last seat waitlists every other PENDING request (`schedule_full` to each).
     */
    async transition(userId: number, id: number, action: HostAction): Promise<MatchOutcome> {
      const { from, to } = HOST_TRANSITIONS[action];
      const m = await load(id);
      if (m.hostId !== userId) fail('NOT_HOST');
      if (action !== 'reject' && now() >= m.startsAt && m.status === from) fail('MEAL_STARTED');
      const fromUser = await memberRef(userId);
      const events = await db.transaction(async (tx) => {
        // Lock order: the schedule, then its requests (a full schedule's accept updates the others).
        if (action === 'accept') await lockSchedule(tx, m.scheduleId);
        const changed = await move(tx, id, to, { waitlisted: false }, eq(matchRequests.status, from));
        if (!changed) {
          // Gone meanwhile → 404; otherwise it is in another status.
          const [still] = await tx.select({ id: matchRequests.id }).from(matchRequests).where(eq(matchRequests.id, id));
          if (!still) fail('MATCH_NOT_FOUND');
          fail('ILLEGAL_TRANSITION', { params: { action } });
        }
        const all: MatchEvent[] = [{ type: ACTIONS[action].event, matchId: id, scheduleId: m.scheduleId, toUserId: m.requesterId, fromUser, meal: m.meal }];
        if (action === 'accept') {
          const [seat] = await tx
            .update(schedules)
            .set({ currentParticipants: sql`${schedules.currentParticipants} + 1`, updatedAt: now() })
            .where(and(eq(schedules.id, m.scheduleId), lt(schedules.currentParticipants, schedules.participants)))
            .returning({ current: schedules.currentParticipants, participants: schedules.participants });
          if (!seat) fail('SCHEDULE_FULL');
          if (seat.current >= seat.participants) all.push(...(await fillUp(tx, m, fromUser)));
          // Issue #30 item 2: the guest joins the table chat (with its system line), in this transaction.
          all[0]!.table = await tableJoined(tx, { scheduleId: m.scheduleId, hostId: m.hostId, guestId: m.requesterId, at: now() });
        }
        await stage(tx, all);
        return all;
      });
      return { text: ACTIONS[action].done, events };
    },

    /**
     * `POST /api/matches/{id}/cancel` (issue #15): the host or the requester cancels an ACCEPTED or
     * CONFIRMED match before the meal starts. `reason` is trimmed (blank → none). 404 unknown; 403
     * not a participant; 409 `MEAL_STARTED`; 409
     * `ILLEGAL_TRANSITION` in any other status. The other side gets `match_cancelled`.
     */
    async cancel(userId: number, id: number, reason?: string): Promise<MatchOutcome> {
      const m = await load(id);
      const side = sideOf(m, userId);
      if (m.status !== 'ACCEPTED' && m.status !== 'CONFIRMED') fail('ILLEGAL_TRANSITION', { params: { action: 'cancel' } });
      return cancelIn(m, side, userId, reason?.trim() || null);
    },

    /**
     * `DELETE /api/matches/{id}` (SPEC §4, §6; issue #15) — never a silent delete:
     * - PENDING, by the requester: withdrawn (CANCELLED by the requester, gone from the host's list;
     *   the host gets `match_withdrawn`; the requester may ask again, issue #28 item 2);
     *   by the host before the start: rejected (`match_rejected`);
     * - ACCEPTED or CONFIRMED before the start: cancelled, exactly as `cancel` without a reason;
     * - otherwise (the meal has started, or REJECTED/CANCELLED): hidden from the caller's list only,
     *   as `hide`; the partner keeps the match and its chat.
     * 404 unknown; 403 neither requester nor host.
     */
    async remove(userId: number, id: number): Promise<MatchOutcome> {
      const m = await load(id);
      const side = sideOf(m, userId);
      const started = now() >= m.startsAt;
      if (m.status === 'PENDING' && side === 'requester' && !started) {
        const events = await cancelPending(m, side, userId, 'match_withdrawn');
        if (!events) return service.remove(userId, id); // accepted meanwhile: decide again
        return { text: MESSAGES.matchWithdrawn, events };
      }
      if (m.status === 'PENDING' && !started) return service.transition(userId, id, 'reject');
      if ((m.status === 'ACCEPTED' || m.status === 'CONFIRMED') && !started) return cancelIn(m, side, userId, null);
      await hideFor(m, side);
      return { text: MESSAGES.matchDeleted, events: [] };
    },

    /**
     * `POST /api/matches/{id}/hide` (issue #28 item 5, 목록에서 삭제): removes an ended request
     * (REJECTED, CANCELLED, or its meal has started) from the caller's lists only; the partner keeps
     * it and its chat, and `GET /api/matches/{id}` still answers it. 409 NOT_ENDED on a request
     * that has not ended (a PENDING one is rejected or withdrawn instead); 403; 404.
     */
    async hide(userId: number, id: number): Promise<MatchOutcome> {
      const m = await load(id);
      const side = sideOf(m, userId);
      if (!ended(m)) fail('NOT_ENDED');
      await hideFor(m, side);
      return { text: MESSAGES.matchHidden, events: [] };
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
     * Issue #17 item 2 (account deletion, suspension): every open match of `userId` (PENDING,
     * ACCEPTED or CONFIRMED whose meal has not started, as host or as requester) becomes CANCELLED
     * by their side; each partner gets `match_cancelled`. Answers the events (notify after commit).
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
      if (m.status !== 'CONFIRMED') fail('NOT_CONFIRMED');
      const at = now();
      const window = ARRIVAL_WINDOW_MINUTES * MINUTE_MS;
      if (Math.abs(at.getTime() - m.startsAt.getTime()) > window) fail('ARRIVAL_WINDOW', { params: { minutes: ARRIVAL_WINDOW_MINUTES } });
      const fromUser = await memberRef(userId);
      const toUserId = side === 'host' ? m.requesterId : m.hostId;
      const events = await db.transaction(async (tx) => {
        const confirmed = sql`exists (select 1 from ${matchRequests} where ${matchRequests.id} = ${id} and ${matchRequests.status} = 'CONFIRMED')`;
        const first = await setMember(tx, id, side, { arrivedAt: at }, and(isNull(matchMembers.arrivedAt), confirmed));
        if (!first) return [];
        const all: MatchEvent[] = [{ type: 'partner_arrived', matchId: id, scheduleId: m.scheduleId, toUserId, fromUser, meal: m.meal }];
        await stage(tx, all);
        return all;
      });
      return { text: MESSAGES.arrivalSent, events };
    },

    /**
     * `POST /api/matches/{id}/attendance` (issues #15, #28 item 1): a side of a CONFIRMED match says
     * whether the partner came, from the start to 7 days after (it may be changed in that time).
     * "Absent" only from `startsAt + NO_SHOW_GRACE_MINUTES` (409 TOO_EARLY naming the time) and never when the partner checked in with `arrived` (409
     * PARTNER_CHECKED_IN). A new absence mark tells the partner (`marked_absent`, naming the meal),
     * who may dispute it within 72 h. 404; 403; 409 `NOT_CONFIRMED`; 409 `ATTENDANCE_WINDOW`.
     */
    async attendance(userId: number, id: number, partnerAttended: boolean): Promise<MatchOutcome> {
      const m = await load(id);
      const side = sideOf(m, userId);
      if (m.status !== 'CONFIRMED') fail('NOT_CONFIRMED');
      const at = now();
      const start = m.startsAt.getTime();
      if (at.getTime() < start || at.getTime() > start + ATTENDANCE_WINDOW_DAYS * 24 * 60 * MINUTE_MS) fail('ATTENDANCE_WINDOW', { params: { days: ATTENDANCE_WINDOW_DAYS } });
      const partnerArrived = side === 'host' ? m.requesterArrivedAt : m.hostArrivedAt;
      const before = side === 'host' ? m.hostReportsAttended : m.requesterReportsAttended;
      if (!partnerAttended) {
        // The lasting refusal first: a partner who checked in can never be marked absent.
        if (partnerArrived) fail('PARTNER_CHECKED_IN');
        const opens = new Date(start + rules.noShowGraceMinutes * MINUTE_MS);
        if (at < opens) fail('TOO_EARLY', { params: { when: koreanTimeFrom(opens, at) } });
      }
      const fromUser = await memberRef(userId);
      const toUserId = side === 'host' ? m.requesterId : m.hostId;
      const events = await db.transaction(async (tx) => {
        await setMember(tx, id, side, { partnerAttended, reportedAt: at });
        const all: MatchEvent[] = !partnerAttended && before !== false ? [{ type: 'marked_absent', matchId: id, scheduleId: m.scheduleId, toUserId, fromUser, meal: m.meal }] : [];
        await stage(tx, all);
        return all;
      });
      return { text: MESSAGES.attendanceSaved, events };
    },

    /**
     * `POST /api/matches/{id}/attendance/dispute` (issue #28 item 1): the member the partner marked
     * absent answers within 72 h of the mark with an optional note (trimmed, ≤ 200). The dispute
     * joins the admin report queue (`/api/admin/reports`, target type `attendance`, the match's id;
     * reporter = the accused, `targetUserId` = who marked) and, until an admin decides, the mark is
     * not counted in `noShowCount` (../public.ts); "hide" removes it for good,
     * "dismiss" upholds it. 409 NO_MARK (no absence mark against the caller); 409 DISPUTE_WINDOW
     * after 72 h; 409 ALREADY_DISPUTED; 403; 404.
     */
    async dispute(userId: number, id: number, note?: string): Promise<MatchOutcome> {
      const m = await load(id);
      const side = sideOf(m, userId);
      // The mark against the caller is the partner's report.
      const mark = side === 'host' ? m.requesterReportsAttended : m.hostReportsAttended;
      const markedAt = side === 'host' ? m.requesterReportedAt : m.hostReportedAt;
      if (mark !== false || !markedAt) fail('NO_MARK');
      if (now().getTime() > markedAt.getTime() + DISPUTE_WINDOW_HOURS * 60 * MINUTE_MS) fail('DISPUTE_WINDOW', { params: { hours: DISPUTE_WINDOW_HOURS } });
      const marker = side === 'host' ? m.requesterId : m.hostId;
      try {
        await db.insert(reports).values({ reporterId: userId, targetType: DISPUTE_TARGET, targetId: id, targetUserId: marker, reason: 'no_show', detail: note?.trim() || null, createdAt: now() });
      } catch (error) {
        if (isUniqueViolation(error)) fail('ALREADY_DISPUTED');
        throw error;
      }
      return { text: MESSAGES.disputeReceived, events: [] };
    },

    /**
     * `GET /api/matches/absences` (issue #28 item 1): every absence mark against `userId`, newest
     * first (at most 100: marks are rare), with the meal, who marked it, the dispute and whether it counts.
     */
    async absences(userId: number): Promise<MyAbsenceMark[]> {
      const marker = alias(users, 'marker');
      // The marks about the member are their partners' rows (match_members_absent_idx).
      const rows = await db
        .select({
          id: matchMembers.matchId,
          markerId: marker.id,
          markerName: marker.name,
          attended: matchMembers.partnerAttended,
          reportedAt: matchMembers.reportedAt,
          placeName: schedules.placeName,
          date: schedules.date,
          hour: schedules.hour,
        })
        .from(matchMembers)
        .innerJoin(schedules, eq(schedules.id, matchMembers.scheduleId))
        .innerJoin(marker, eq(marker.id, matchMembers.userId))
        .where(and(eq(matchMembers.partnerId, userId), sql`${matchMembers.partnerAttended} is false`))
        .orderBy(desc(schedules.startsAt), desc(matchMembers.matchId))
        .limit(100);
      const disputes = await disputesOf(rows.map((r) => r.id));
      return rows.flatMap((r) => {
        const dispute = disputes.find((d) => d.matchId === r.id && d.accusedId === userId);
        const mark = absenceMark(r.attended, r.reportedAt, dispute);
        if (!mark) return [];
        return [{
          matchId: r.id,
          meal: { placeName: r.placeName, date: r.date, time: r.hour },
          markedBy: { id: r.markerId, name: r.markerName },
          mark,
          counted: !mark.disputedAt || mark.decision === 'upheld',
        }];
      });
    },
  };
  return service;
}

/**
 * Sets `reviewed` on `side`'s `match_members` row of CONFIRMED match `matchId` inside the review's transaction `tx`
 * (issue #28 item 8: the reviews module asks the meals service, the one writer of match requests).
 * Answers false when the match is no longer CONFIRMED or that side has already reviewed.
 */
export async function markReviewed(tx: Tx | Database, matchId: number, side: MatchSide): Promise<boolean> {
  const confirmed = sql`exists (select 1 from ${matchRequests} where ${matchRequests.id} = ${matchId} and ${matchRequests.status} = 'CONFIRMED')`;
  return setMember(tx, matchId, side, { reviewed: true }, and(eq(matchMembers.reviewed, false), confirmed));
}

/**
 * Account deletion (issue #17 item 2) through the meals service (issue #28 item 8): inside the
 * deletion's transaction, the member's schedules that have not started are marked deleted (they
 * leave every list; the matches on them were cancelled with their notices by `cancelAllOf` first).
 */
export async function closeSchedulesOf(tx: Tx | Database, userId: number, at: Date): Promise<void> {
  await tx
    .update(schedules)
    .set({ cancelledAt: at, updatedAt: at })
    .where(and(eq(schedules.userId, userId), isNull(schedules.cancelledAt), gt(schedules.startsAt, at)));
}

/**
 * Moderation (issue #17 items 5 and 6) through the meals service (issue #28 item 8): hides schedule
 * `id` from every list (`at`; the first hiding time is kept) or shows it again (null).
 */
export async function setScheduleHidden(tx: Tx | Database, id: number, at: Date | null): Promise<void> {
  const cond = at ? and(eq(schedules.id, id), isNull(schedules.hiddenAt)) : eq(schedules.id, id);
  await tx.update(schedules).set({ hiddenAt: at }).where(cond);
}

/** Issue #28 item 8: every status pair the transition table allows (for the docs and the tests). */
export const ALLOWED_TRANSITIONS = (['PENDING', 'ACCEPTED', 'CONFIRMED', 'REJECTED', 'CANCELLED'] as const).flatMap((from) =>
  (['PENDING', 'ACCEPTED', 'CONFIRMED', 'REJECTED', 'CANCELLED'] as const).filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`),
);
