/**
 * Match request status and what each side may do (SPEC §4 "Match request status").
 * Statuses are compared case-insensitively.
 */
// The words only, not the full catalogue (issue #33 item 1: the home page's schedule schemas import this).
import { ko } from '../i18n/match-status.ts';

export const MATCH_STATUSES = ['PENDING', 'ACCEPTED', 'CONFIRMED', 'REJECTED', 'CANCELLED'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** UI-TEXT.md "Match status" labels (the catalogue's `ko.vocabulary.matchStatus`). */
export const MATCH_STATUS_LABEL: Record<MatchStatus, string> = ko.matchStatus;

/** Issue #15: a PENDING request on a full schedule is shown "자리 대기" (waitlisted; PENDING is "대기중", issue #31 item 4: one word per status). */
export const WAITLISTED_LABEL: string = ko.waitlisted;

/** Who cancelled a match (issue #15). */
export const CANCELLED_BY = ['host', 'requester'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/** The longest cancel reason, in characters after trimming (issue #15). */
export const CANCEL_REASON_MAX = 200;

/** The reasons the cancel dialog offers (issue #15); the member may also write their own. */
export const CANCEL_REASONS = ko.cancelReasons;

/** A cancellation within this many hours of the start counts as late (issue #15). */
export const LATE_CANCEL_HOURS = 24;
/** Late cancellations and no-shows are counted over this many days (issue #15). */
export const RELIABILITY_WINDOW_DAYS = 180;
/** "도착했어요" may be sent from this many minutes before to this many after the start (issue #15). */
export const ARRIVAL_WINDOW_MINUTES = 60;
/** Attendance may be reported (and changed) from the start until this many days after (issue #15). */
export const ATTENDANCE_WINDOW_DAYS = 7;
/**
 * Issue #28 item 1: "안 나왔어요" may be said only from this many minutes after the start
 * (NO_SHOW_GRACE_MINUTES, server/config.ts; the default here), never against a partner who checked in.
 */
export const NO_SHOW_GRACE_MINUTES_DEFAULT = 30;
/** Issue #28 item 1: the accused may dispute an absence mark this many hours after it was recorded. */
export const DISPUTE_WINDOW_HOURS = 72;
/** Issue #28 item 1: a dispute's optional note, in characters after trimming. */
export const DISPUTE_NOTE_MAX = 200;
/**
 * Issue #28 item 6: a meal lasts this many minutes (MEAL_MINUTES, server/config.ts; the default
 * here): reviews open at its end, and the calendar export spans it.
 */
export const MEAL_MINUTES_DEFAULT = 90;
/** Issue #28 item 2: after their own withdrawal or cancellation a member may ask again this many times per meal. */
export const REQUESTS_AGAIN_MAX = 2;

/**
 * Issue #28 item 8: every status change a match request may make, and nothing else. The meals
 * service checks each change against it (`assertTransition`); a change it does not list is refused.
 * - PENDING → ACCEPTED (the host accepts; takes a seat), REJECTED (the host rejects),
 *   CANCELLED (the requester withdraws; a block, deletion or suspension cancels it);
 * - ACCEPTED → CONFIRMED (the host confirms), CANCELLED (either side, before the start);
 * - CONFIRMED → CANCELLED (either side, before the start);
 * - REJECTED and CANCELLED are final (a member who may ask again makes a new request).
 */
export const MATCH_TRANSITIONS: Readonly<Record<MatchStatus, readonly MatchStatus[]>> = {
  PENDING: ['ACCEPTED', 'REJECTED', 'CANCELLED'],
  ACCEPTED: ['CONFIRMED', 'CANCELLED'],
  CONFIRMED: ['CANCELLED'],
  REJECTED: [],
  CANCELLED: [],
};

/** Whether `from → to` is listed in MATCH_TRANSITIONS. */
export function canTransition(from: MatchStatus, to: MatchStatus): boolean {
  return MATCH_TRANSITIONS[from].includes(to);
}

/** The statuses from which `to` may be reached (the WHERE of a conditional status UPDATE). */
export function statusesBefore(to: MatchStatus): MatchStatus[] {
  return MATCH_STATUSES.filter((from) => canTransition(from, to));
}

/** The statuses that hold a place at the meal or ask for one (one such request per member per meal). */
export const OPEN_STATUSES = ['PENDING', 'ACCEPTED', 'CONFIRMED'] as const satisfies readonly MatchStatus[];

/** Upper-cases a status from the wire; unknown values give null. */
export function normaliseStatus(status: string | null | undefined): MatchStatus | null {
  const s = (status ?? '').toUpperCase();
  return (MATCH_STATUSES as readonly string[]).includes(s) ? (s as MatchStatus) : null;
}

/** The host's transitions: PENDING → ACCEPTED | REJECTED, ACCEPTED → CONFIRMED. */
export const HOST_TRANSITIONS = {
  accept: { from: 'PENDING', to: 'ACCEPTED' },
  reject: { from: 'PENDING', to: 'REJECTED' },
  confirm: { from: 'ACCEPTED', to: 'CONFIRMED' },
} as const satisfies Record<string, { from: MatchStatus; to: MatchStatus }>;
export type HostAction = keyof typeof HOST_TRANSITIONS;

export type MatchSide = 'host' | 'requester';
/**
 * What a side may do with one request (issue #28 item 5: `reject` is the host's only way to turn a
 * PENDING request down, `withdraw` the requester's; `hide` — 목록에서 삭제, `POST /api/matches/{id}/hide` —
 * only on an ended request; `dispute` answers an absence mark).
 */
export type MatchAction = 'accept' | 'reject' | 'withdraw' | 'confirm' | 'chat' | 'review' | 'cancel' | 'calendar' | 'share' | 'hide' | 'dispute';

/** 안전 공유 (issue #17 item 9): a meal may be shared until this many hours after its start. */
export const SHARE_VALID_AFTER_START_HOURS = 6;

/** What `availableActions` needs to know about a request (the MatchRequest API shape fits). */
export interface MatchActionInput {
  status: string;
  hostReviewed?: boolean;
  requesterReviewed?: boolean;
  /** Issue #15: PENDING on a full schedule; the host cannot accept it. */
  waitlisted?: boolean;
  /** The meal's start instant (ISO 8601); absent means "not started". */
  startsAt?: string;
  /** The MatchRequest API shape carries the start here; used when `startsAt` is absent. */
  schedule?: { startsAt?: string };
  /** Issue #28 item 6: when reviews open (ISO); absent → the start + MEAL_MINUTES_DEFAULT. */
  reviewOpensAt?: string;
  /** Issue #28 item 1: until when each side may dispute the absence mark against them (ISO), null when none. */
  disputeUntil?: { host: string | null; requester: string | null };
}

/** Whether a request has ended for its lists: REJECTED, CANCELLED, or its meal has started (issue #28 item 5). */
export function hasEnded(status: MatchStatus | null, started: boolean): boolean {
  return status === 'REJECTED' || status === 'CANCELLED' || started;
}

/**
 * The actions a side is offered on one request (SPEC §4, issues #15, #28): accept (unless
 * waitlisted) and reject on PENDING (host) and withdraw (requester) before the meal; confirm on
 * ACCEPTED before the meal (host); chat on ACCEPTED and CONFIRMED; cancel on ACCEPTED and CONFIRMED
 * before the start; calendar on CONFIRMED before the start; share (안전 공유, issue #17) on ACCEPTED
 * and CONFIRMED until 6 h after the start; review on CONFIRMED once reviews open (the meal's end),
 * for the side that has not reviewed; dispute while the side may answer an absence mark; hide
 * (목록에서 삭제) on an ended request only.
 */
export function availableActions(request: MatchActionInput, side: MatchSide, now: Date = new Date()): MatchAction[] {
  const status = normaliseStatus(request.status);
  const startsAt = request.startsAt ?? request.schedule?.startsAt;
  const started = startsAt ? now.getTime() >= Date.parse(startsAt) : false;
  const actions: MatchAction[] = [];
  if (side === 'host' && status === 'PENDING' && !started) {
    if (!request.waitlisted) actions.push('accept');
    actions.push('reject');
  }
  if (side === 'requester' && status === 'PENDING' && !started) actions.push('withdraw');
  if (side === 'host' && status === 'ACCEPTED' && !started) actions.push('confirm');
  if (status === 'ACCEPTED' || status === 'CONFIRMED') actions.push('chat');
  if ((status === 'ACCEPTED' || status === 'CONFIRMED') && !started) actions.push('cancel');
  if (status === 'CONFIRMED' && !started) actions.push('calendar');
  const shareOpen = startsAt ? now.getTime() < Date.parse(startsAt) + SHARE_VALID_AFTER_START_HOURS * 3_600_000 : true;
  if ((status === 'ACCEPTED' || status === 'CONFIRMED') && shareOpen) actions.push('share');
  const reviewOpensAt = request.reviewOpensAt
    ? Date.parse(request.reviewOpensAt)
    : startsAt
      ? Date.parse(startsAt) + MEAL_MINUTES_DEFAULT * 60_000
      : Number.POSITIVE_INFINITY;
  const reviewed = side === 'host' ? request.hostReviewed : request.requesterReviewed;
  if (status === 'CONFIRMED' && now.getTime() >= reviewOpensAt && !reviewed) actions.push('review');
  const disputeUntil = request.disputeUntil?.[side];
  if (disputeUntil && now.getTime() < Date.parse(disputeUntil)) actions.push('dispute');
  if (hasEnded(status, started)) actions.push('hide');
  return actions;
}

/**
 * Whether a request stays in a side's list (SPEC §4): REJECTED is hidden from both lists;
 * CONFIRMED disappears once that side has reviewed. CANCELLED stays (issue #15: "취소됨" with who
 * and why) until that side removes it.
 */
export function isVisibleInList(
  request: { status: string; hostReviewed?: boolean; requesterReviewed?: boolean },
  side: MatchSide,
): boolean {
  const status = normaliseStatus(request.status);
  if (status === 'REJECTED') return false;
  if (status === 'CONFIRMED') return !(side === 'host' ? request.hostReviewed : request.requesterReviewed);
  return true;
}
