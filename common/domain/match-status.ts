/**
 * Match request status and what each side may do (SPEC §4 "Match request status").
 * Statuses are compared case-insensitively.
 */
export const MATCH_STATUSES = ['PENDING', 'ACCEPTED', 'CONFIRMED', 'REJECTED'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** UI-TEXT.md "Match status" labels. */
export const MATCH_STATUS_LABEL: Record<MatchStatus, string> = {
  PENDING: '대기중',
  ACCEPTED: '수락됨',
  CONFIRMED: '확정됨',
  REJECTED: '거절됨',
};

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
export type MatchAction = 'accept' | 'reject' | 'confirm' | 'chat' | 'review' | 'delete';

/**
 * The actions a side is offered on one request (SPEC §4): accept/reject on PENDING (host),
 * confirm on ACCEPTED (host), chat on ACCEPTED and CONFIRMED, review on CONFIRMED for the side
 * that has not reviewed yet; either side can delete or leave.
 */
export function availableActions(
  request: { status: string; hostReviewed?: boolean; requesterReviewed?: boolean },
  side: MatchSide,
): MatchAction[] {
  const status = normaliseStatus(request.status);
  const actions: MatchAction[] = [];
  if (side === 'host' && status === 'PENDING') actions.push('accept', 'reject');
  if (side === 'host' && status === 'ACCEPTED') actions.push('confirm');
  if (status === 'ACCEPTED' || status === 'CONFIRMED') actions.push('chat');
  const reviewed = side === 'host' ? request.hostReviewed : request.requesterReviewed;
  if (status === 'CONFIRMED' && !reviewed) actions.push('review');
  actions.push('delete');
  return actions;
}

/**
 * Whether a request stays in a side's list (SPEC §4): REJECTED is hidden from both lists;
 * CONFIRMED disappears once that side has reviewed.
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
