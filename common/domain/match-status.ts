/**
 * Match request status and what each side may do (SPEC §4 "Match request status").
 * Statuses are compared case-insensitively.
 */
export const MATCH_STATUSES = ['PENDING', 'ACCEPTED', 'CONFIRMED', 'REJECTED', 'CANCELLED'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** UI-TEXT.md "Match status" labels. */
export const MATCH_STATUS_LABEL: Record<MatchStatus, string> = {
  PENDING: '대기중',
  ACCEPTED: '수락됨',
  CONFIRMED: '확정됨',
  REJECTED: '거절됨',
  CANCELLED: '취소됨',
};

/** Issue #15: a PENDING request on a full schedule is shown "대기 중" (waitlisted). */
export const WAITLISTED_LABEL = '대기 중';

/** Who cancelled a match (issue #15). */
export const CANCELLED_BY = ['host', 'requester'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/** The longest cancel reason, in characters after trimming (issue #15). */
export const CANCEL_REASON_MAX = 200;

/** The reasons the cancel dialog offers (issue #15); the member may also write their own. */
export const CANCEL_REASONS = ['일정이 생겼어요', '몸이 안 좋아요', '장소가 너무 멀어요', '상대방과 연락이 되지 않아요'] as const;

/** A cancellation within this many hours of the start counts as late (issue #15). */
export const LATE_CANCEL_HOURS = 24;
/** Late cancellations and no-shows are counted over this many days (issue #15). */
export const RELIABILITY_WINDOW_DAYS = 180;
/** "도착했어요" may be sent from this many minutes before to this many after the start (issue #15). */
export const ARRIVAL_WINDOW_MINUTES = 60;
/** Attendance may be reported (and changed) from the start until this many days after (issue #15). */
export const ATTENDANCE_WINDOW_DAYS = 7;

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
export type MatchAction = 'accept' | 'reject' | 'confirm' | 'chat' | 'review' | 'cancel' | 'calendar' | 'share' | 'delete';

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
}

/**
 * The actions a side is offered on one request (SPEC §4, issue #15): accept (unless waitlisted)
 * and reject on PENDING (host); confirm on ACCEPTED before the meal (host); chat on ACCEPTED and
 * CONFIRMED; cancel on ACCEPTED and CONFIRMED before the start; calendar on CONFIRMED before the
 * start; share (안전 공유, issue #17) on ACCEPTED and CONFIRMED until 6 h after the start; review on
 * CONFIRMED once the meal has started, for the side that has not reviewed; delete
 * (withdraw a PENDING request, or remove the match from one's own lists) whenever cancel is not
 * what deleting would do.
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
  if (side === 'host' && status === 'ACCEPTED' && !started) actions.push('confirm');
  if (status === 'ACCEPTED' || status === 'CONFIRMED') actions.push('chat');
  if ((status === 'ACCEPTED' || status === 'CONFIRMED') && !started) actions.push('cancel');
  if (status === 'CONFIRMED' && !started) actions.push('calendar');
  const shareOpen = startsAt ? now.getTime() < Date.parse(startsAt) + SHARE_VALID_AFTER_START_HOURS * 3_600_000 : true;
  if ((status === 'ACCEPTED' || status === 'CONFIRMED') && shareOpen) actions.push('share');
  const reviewed = side === 'host' ? request.hostReviewed : request.requesterReviewed;
  if (status === 'CONFIRMED' && started && !reviewed) actions.push('review');
  if (!actions.includes('cancel')) actions.push('delete');
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
