import { useState } from 'react';
import type { MatchRequest } from '@common/api/matches';
import {
  ARRIVAL_WINDOW_MINUTES,
  ATTENDANCE_WINDOW_DAYS,
  availableActions,
  MATCH_STATUS_LABEL,
  normaliseStatus,
  WAITLISTED_LABEL,
  type MatchAction,
  type MatchSide,
  type MatchStatus,
} from '@common/domain/match-status';
import { Avatar } from '@/components/ui/avatar';
import { MemberStatsLine } from '@/shared/components/member-stats';
import { MembersRow } from '@/shared/components/members-row';
import { format, ko } from '@/i18n/ko';
import { disputeWindows, markAgainst } from '@/shared/api/absences';
import { koreanClock, koreanDateTime, whenLabel } from '@/lib/dates';

/** What a request's buttons ask for: SPEC §4's actions plus arrival and the attendance answer (issue #15). */
export type ItemAction = MatchAction | 'arrived' | 'attended' | 'absent';

interface MatchRequestItemProps {
  request: MatchRequest;
  side: MatchSide;
  pending: boolean;
  /** The clock the windows are read with (cancel before the start, arrival start±60 min, attendance start…+7 days). */
  now: Date;
  /** My role, said on the card where both kinds are listed together (지난 약속: 내가 연 약속 / 내가 신청한 약속). */
  role?: string;
  onAction: (action: ItemAction) => void;
}

const ACTION_CLASS: Record<MatchAction, string> = {
  accept: 'btn btn--primary btn--small',
  reject: 'btn btn--ghost btn--small',
  confirm: 'btn btn--primary btn--small',
  chat: 'btn btn--secondary btn--small',
  review: 'btn btn--secondary btn--small',
  cancel: 'btn btn--ghost btn--small btn--danger',
  calendar: 'btn btn--ghost btn--small',
  share: 'btn btn--ghost btn--small',
  withdraw: 'btn btn--ghost btn--small btn--danger',
  hide: 'btn btn--ghost btn--small',
  dispute: 'btn btn--secondary btn--small',
};

/** The label of an action (issue #28 item 5: 거절 and 신청 취소 on PENDING, 목록에서 숨기기 only on ended requests). */
export function actionLabel(action: MatchAction): string {
  switch (action) {
    case 'accept':
      return ko.activity.accept;
    case 'reject':
      return ko.activity.reject;
    case 'confirm':
      return ko.activity.confirm;
    case 'chat':
      return ko.activity.chat;
    case 'review':
      return ko.activity.writeReview;
    case 'cancel':
      return ko.activity.cancel;
    case 'calendar':
      return ko.activity.calendar;
    case 'share':
      return ko.safety.share;
    case 'withdraw':
      return ko.activity.withdraw;
    case 'hide':
      return ko.activity.removeFromList;
    case 'dispute':
      return ko.dispute.open;
  }
}

/** The status shown: 취소됨, 자리 대기 (a waitlisted PENDING) or the status label. */
export function statusLabel(request: Pick<MatchRequest, 'status' | 'waitlisted'>): { status: MatchStatus; label: string } | null {
  const status = normaliseStatus(request.status);
  if (!status) return null;
  if (status === 'PENDING' && request.waitlisted) return { status, label: WAITLISTED_LABEL };
  return { status, label: MATCH_STATUS_LABEL[status] };
}

/**
 * The server's reason for a host's delete without one (issue #15); it only repeats "호스트가 취소했어요"
 * (issue #28 item 3: the card shows the reason once), so it is not shown as a reason.
 */
const HOST_DELETE_DEFAULT_REASON = ko.activity.hostDeleteReason;

/** "호스트가 취소했어요 · 사유: 일정이 생겼어요" / "신청자가 취소했어요" of a cancelled match; '' otherwise. */
export function cancelledText(request: Pick<MatchRequest, 'status' | 'cancelledBy' | 'cancelReason'>): string {
  if (normaliseStatus(request.status) !== 'CANCELLED') return '';
  const who = request.cancelledBy === 'requester' ? ko.activity.cancelledByRequester : ko.activity.cancelledByHost;
  const reason = request.cancelReason?.trim();
  return reason && reason !== HOST_DELETE_DEFAULT_REASON ? `${who} · ${format(ko.activity.cancelReason, { reason })}` : who;
}

/** The actions of `side` now (issue #28: the dispute window comes from the match's `absence`). */
export function actionsOf(request: MatchRequest, side: MatchSide, now: Date): MatchAction[] {
  // availableActions reads the start at the top level (MatchActionInput.startsAt); the list has it on the schedule.
  return availableActions({ ...request, startsAt: request.schedule.startsAt, disputeUntil: disputeWindows(request.absence) }, side, now);
}

/** The other side of `side`. */
const partnerSide = (side: MatchSide): MatchSide => (side === 'host' ? 'requester' : 'host');

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Whether "도착했어요" is offered: CONFIRMED, start−60 … start+60 min. */
export function inArrivalWindow(request: Pick<MatchRequest, 'status' | 'schedule'>, now: Date): boolean {
  if (normaliseStatus(request.status) !== 'CONFIRMED') return false;
  const start = Date.parse(request.schedule.startsAt);
  if (!Number.isFinite(start)) return false;
  const t = now.getTime();
  return t >= start - ARRIVAL_WINDOW_MINUTES * MINUTE && t <= start + ARRIVAL_WINDOW_MINUTES * MINUTE;
}

/** Whether the attendance question is asked: CONFIRMED, from the start until 7 days after. */
export function inAttendanceWindow(request: Pick<MatchRequest, 'status' | 'schedule'>, now: Date): boolean {
  if (normaliseStatus(request.status) !== 'CONFIRMED') return false;
  const start = Date.parse(request.schedule.startsAt);
  if (!Number.isFinite(start)) return false;
  const t = now.getTime();
  return t >= start && t <= start + ATTENDANCE_WINDOW_DAYS * DAY;
}

/** The other member of a request: the requester for the host, the host for the requester. */
export function opponentOf(request: MatchRequest, side: MatchSide) {
  return side === 'host' ? request.requester : request.schedule.member;
}

/** One request: who, where, when, its status and exactly the actions SPEC §4 and issue #15 allow now. */
export function MatchRequestItem({ request, side, pending, now, role, onAction }: MatchRequestItemProps) {
  const other = opponentOf(request, side);
  const shown = statusLabel(request);
  const cancelled = shown?.status === 'CANCELLED';
  const actions = actionsOf(request, side, now);
  const cancelNote = cancelledText(request);
  const arrival = inArrivalWindow(request, now);
  const myArrival = request.arrivedAt?.[side] ?? null;
  const partnerArrival = request.arrivedAt?.[partnerSide(side)] ?? null;
  const answer = side === 'host' ? request.attendance?.byHost : request.attendance?.byRequester;
  const attendance = inAttendanceWindow(request, now);
  // Issue #28 item 1: "안 나왔어요" from absentReportFrom, never against a partner who checked in.
  const absentFrom = request.absentReportFrom ? Date.parse(request.absentReportFrom) : Number.NEGATIVE_INFINITY;
  const absentBlock: AbsentBlock = partnerArrival ? { kind: 'checkedIn' } : now.getTime() < absentFrom ? { kind: 'tooEarly', opensAt: request.absentReportFrom } : null;
  const markOnMe = markAgainst(request, side);
  const changed = !cancelled && request.scheduleChangedAt != null && side === 'requester';
  return (
    <li className="request-item" aria-busy={pending}>
      <Avatar src={other.profileImage} alt="" size={48} />
      <div className="request-item__body">
        <p className="request-item__head">
          <strong className="request-item__name">{other.name}</strong>
          {shown && <span className={`status status--${shown.label === WAITLISTED_LABEL ? 'waitlisted' : shown.status.toLowerCase()}`}>{shown.label}</span>}
          {!cancelled && request.schedule.isFull && <span className="status status--full">{ko.activity.full}</span>}
        </p>
        {role && <p className="request-item__role">{role}</p>}
        <MemberStatsLine member={other} className="request-item__stats" />
        <p className="request-item__place">{request.schedule.placeName}</p>
        <p className="request-item__when">{whenLabel(request.schedule.date, request.schedule.time)}</p>
        {request.schedule.text && <p className="request-item__text">{request.schedule.text}</p>}
        {changed && <p className="request-item__changed">{ko.activity.scheduleChanged}</p>}
        {cancelNote && <p className="request-item__cancelled">{cancelNote}</p>}
        {partnerArrival && !cancelled && <p className="request-item__arrival">{ko.activity.partnerArrived}</p>}
        {markOnMe && <AbsenceNote mark={markOnMe} now={now} />}
        {/* Issue #30 item 1: a member of the table sees who else is coming. */}
        {!cancelled && (shown?.status === 'ACCEPTED' || shown?.status === 'CONFIRMED') && <MembersRow scheduleId={request.schedule.id} className="request-item__members" />}
      </div>
      {attendance && (
        <AttendanceQuestion answer={answer ?? null} absentBlock={absentBlock} pending={pending} onAnswer={(attended) => onAction(attended ? 'attended' : 'absent')} />
      )}
      <div className="request-item__actions">
        {arrival &&
          (myArrival ? (
            <span className="request-item__arrived" role="status">
              {ko.activity.arrivedAt}
            </span>
          ) : (
            <button type="button" className="btn btn--primary btn--small" disabled={pending} onClick={() => onAction('arrived')}>
              {ko.activity.arrived}
            </button>
          ))}
        {actions.map((a) => (
          <button key={a} type="button" className={ACTION_CLASS[a]} disabled={pending} onClick={() => onAction(a)}>
            {actionLabel(a)}
          </button>
        ))}
      </div>
    </li>
  );
}

/** Why "안 나왔어요" is not offered (issue #28 item 1): too early (with when it opens) or the partner checked in. */
type AbsentBlock = { kind: 'tooEarly'; opensAt: string } | { kind: 'checkedIn' } | null;

/** The absence mark against me (issue #28 item 1): that it was made, and the dispute's window, state or decision. */
function AbsenceNote({ mark, now }: { mark: NonNullable<MatchRequest['absence']['host']>; now: Date }) {
  let state: string;
  if (mark.decision === 'upheld') state = ko.activity.disputeUpheld;
  else if (mark.decision === 'removed') state = ko.activity.disputeRemoved;
  else if (mark.disputedAt) state = ko.activity.disputed;
  else if (now.getTime() < Date.parse(mark.disputeUntil)) state = format(ko.activity.disputeUntil, { time: koreanDateTime(mark.disputeUntil) });
  else state = '';
  return (
    <p className="request-item__absence">
      {ko.activity.markedAbsent}
      {state && (
        <>
          {' '}
          <span className="request-item__dispute">{state}</span>
        </>
      )}
    </p>
  );
}

/**
 * "상대방이 약속 장소에 나왔나요?" — 나왔어요 / 안 나왔어요 (issue #15). Once answered it shows the
 * answer with "답변 바꾸기" (the answer may change until 7 days after the start). Issue #28: "안 나왔어요"
 * waits for absentReportFrom (saying when) and is never offered when the partner checked in.
 */
function AttendanceQuestion({
  answer,
  absentBlock,
  pending,
  onAnswer,
}: {
  answer: boolean | null;
  absentBlock: AbsentBlock;
  pending: boolean;
  onAnswer: (attended: boolean) => void;
}) {
  const [changing, setChanging] = useState(false);
  const asking = answer === null || changing;
  const choose = (attended: boolean) => {
    setChanging(false);
    onAnswer(attended);
  };
  return (
    <div className="request-item__attendance" role="group" aria-label={ko.activity.attendanceQuestion}>
      <p className="request-item__question">{ko.activity.attendanceQuestion}</p>
      {asking ? (
        <div className="request-item__answers">
          <button type="button" className="btn btn--secondary btn--small" aria-pressed={answer === true} disabled={pending} onClick={() => choose(true)}>
            {ko.activity.attended}
          </button>
          {absentBlock === null && (
            <button type="button" className="btn btn--ghost btn--small" aria-pressed={answer === false} disabled={pending} onClick={() => choose(false)}>
              {ko.activity.absent}
            </button>
          )}
          {absentBlock?.kind === 'tooEarly' && <p className="request-item__absent-note">{format(ko.activity.absentOpensAt, { time: koreanClock(absentBlock.opensAt) })}</p>}
          {absentBlock?.kind === 'checkedIn' && <p className="request-item__absent-note">{ko.activity.partnerCheckedIn}</p>}
        </div>
      ) : (
        <p className="request-item__answer">
          <strong>{answer ? ko.activity.attended : ko.activity.absent}</strong>{' '}
          <button type="button" className="btn btn--link" disabled={pending} onClick={() => setChanging(true)}>
            {ko.activity.changeAnswer}
          </button>
        </p>
      )}
    </div>
  );
}
