import type { MatchRequest } from '@common/api/matches';
import { availableActions, MATCH_STATUS_LABEL, normaliseStatus, type MatchAction, type MatchSide } from '@common/domain/match-status';
import { Avatar } from '@/components/ui/avatar';
import { ko } from '@/i18n/ko';
import { whenLabel } from '@/lib/dates';

interface MatchRequestItemProps {
  request: MatchRequest;
  side: MatchSide;
  pending: boolean;
  onAction: (action: MatchAction) => void;
}

const ACTION_LABEL: Record<MatchAction, string> = {
  accept: ko.activity.accept,
  reject: ko.activity.reject,
  confirm: ko.activity.confirm,
  chat: ko.activity.chat,
  review: ko.activity.writeReview,
  delete: ko.activity.delete,
};

const ACTION_CLASS: Record<MatchAction, string> = {
  accept: 'btn btn--primary btn--small',
  reject: 'btn btn--ghost btn--small',
  confirm: 'btn btn--primary btn--small',
  chat: 'btn btn--secondary btn--small',
  review: 'btn btn--secondary btn--small',
  delete: 'btn btn--ghost btn--small btn--danger',
};

/** The other member of a request: the requester for the host, the host for the requester. */
export function opponentOf(request: MatchRequest, side: MatchSide) {
  return side === 'host' ? request.requester : request.schedule.member;
}

/** One request: who, where, when, its status label and exactly the actions SPEC §4 allows. */
export function MatchRequestItem({ request, side, pending, onAction }: MatchRequestItemProps) {
  const other = opponentOf(request, side);
  const status = normaliseStatus(request.status);
  const actions = availableActions(request, side);
  return (
    <li className="request-item" aria-busy={pending}>
      <Avatar src={other.profileImage} alt="" size={48} />
      <div className="request-item__body">
        <p className="request-item__head">
          <strong className="request-item__name">{other.name}</strong>
          {status && <span className={`status status--${status.toLowerCase()}`}>{MATCH_STATUS_LABEL[status]}</span>}
        </p>
        <p className="request-item__place">{request.schedule.placeName}</p>
        <p className="request-item__when">{whenLabel(request.schedule.date, request.schedule.time)}</p>
        {request.schedule.text && <p className="request-item__text">{request.schedule.text}</p>}
      </div>
      <div className="request-item__actions">
        {actions.map((a) => (
          <button key={a} type="button" className={ACTION_CLASS[a]} disabled={pending} onClick={() => onAction(a)}>
            {ACTION_LABEL[a]}
          </button>
        ))}
      </div>
    </li>
  );
}
