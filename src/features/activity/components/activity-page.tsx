import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { MatchRequest } from '@common/api/matches';
import type { User } from '@common/api/users';
import { isVisibleInList, type MatchAction, type MatchSide } from '@common/domain/match-status';
import { formatAverageRating } from '@common/domain/rating';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { LoadState } from '@/components/ui/load-state';
import { ko } from '@/i18n/ko';
import { errorMessage } from '@/lib/api-client';
import { useResource } from '@/lib/use-resource';
import { getMe } from '../api/get-me';
import { deleteMatch } from '../api/delete-match';
import { getReceivedRequests } from '../api/get-received-requests';
import { getSentRequests } from '../api/get-sent-requests';
import { hostAction } from '../api/host-action';
import { MatchRequestItem, opponentOf } from './match-request-item';
import './activity.css';

export interface Opponent {
  opponentId: number;
  opponentName: string;
  opponentProfileImage: string | null;
}

interface ActivityPageProps {
  user: User;
  onUserRefreshed: (user: User) => void;
  onChat: (matchId: number, opponent: Opponent) => void;
  onReview: (matchId: number, opponent: Opponent) => void;
  /** Changes when a live notification asks for the received list again (SPEC §4). */
  receivedVersion?: number;
  /** Changes when a live notification asks for the sent list again (SPEC §4). */
  sentVersion?: number;
  /** Shown under the heading (the route puts the push permission card here, issue #7). */
  notice?: ReactNode;
}

const NONE: MatchRequest[] = [];

const FALLBACK: Record<'accept' | 'reject' | 'confirm' | 'delete', string> = {
  accept: ko.activity.acceptError,
  reject: ko.activity.rejectError,
  confirm: ko.activity.confirmError,
  delete: ko.activity.deleteError,
};
const DONE: Record<'accept' | 'reject' | 'confirm' | 'delete', string> = {
  accept: ko.serverText.accepted,
  reject: ko.serverText.rejected,
  confirm: ko.serverText.confirmed,
  delete: ko.serverText.deleted,
};

/** 활동 내역: the three tiles and the received and sent request lists (SPEC §2, §4). */
export function ActivityPage({ user, onUserRefreshed, onChat, onReview, receivedVersion = 0, sentVersion = 0, notice }: ActivityPageProps) {
  const received = useResource(getReceivedRequests, NONE, receivedVersion);
  const sent = useResource(getSentRequests, NONE, sentVersion);
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const inFlight = useRef(new Set<number>());

  const refreshUser = useRef(onUserRefreshed);
  useEffect(() => {
    refreshUser.current = onUserRefreshed;
  });
  useEffect(() => {
    const c = new AbortController();
    getMe(c.signal)
      .then((me) => refreshUser.current(me))
      .catch(() => undefined);
    return () => c.abort();
  }, []);

  const visibleReceived = useMemo(() => received.data.filter((r) => isVisibleInList(r, 'host')), [received.data]);
  const visibleSent = useMemo(() => sent.data.filter((r) => isVisibleInList(r, 'requester')), [sent.data]);

  function setBusy(id: number, busy: boolean) {
    if (busy) inFlight.current.add(id);
    else inFlight.current.delete(id);
    setPending(new Set(inFlight.current));
  }

  async function act(request: MatchRequest, side: MatchSide, action: MatchAction) {
    const other = opponentOf(request, side);
    const opponent: Opponent = { opponentId: other.id, opponentName: other.name, opponentProfileImage: other.profileImage };
    if (action === 'chat') return onChat(request.id, opponent);
    if (action === 'review') return onReview(request.id, opponent);
    if (inFlight.current.has(request.id)) return;
    setBusy(request.id, true);
    try {
      if (action === 'delete' && !(await confirmDialog(ko.activity.confirmDelete))) return;
      const text = action === 'delete' ? await deleteMatch(request.id) : await hostAction(request.id, action);
      toast.success(text || DONE[action]);
    } catch (error) {
      toast.error(errorMessage(error, FALLBACK[action]));
    } finally {
      setBusy(request.id, false);
    }
    // The item changed (or is gone): load both lists again so tiles and lists agree.
    await Promise.all([received.reload(), sent.reload()]);
  }

  const tiles = [
    { label: ko.activity.sentTile, value: sent.status === 'loading' ? '…' : String(visibleSent.length) },
    { label: ko.activity.receivedTile, value: received.status === 'loading' ? '…' : String(visibleReceived.length) },
    { label: ko.activity.ratingTile, value: formatAverageRating(user.averageRating, user.reviewCount) },
  ];

  return (
    <div className="page activity-page">
      <h1 className="page-heading">{ko.activity.heading}</h1>
      {notice}
      <div className="activity-tiles">
        {tiles.map((t) => (
          <div key={t.label} className="activity-tile" role="group" aria-label={t.label}>
            <span className="activity-tile__label" aria-hidden="true">
              {t.label}
            </span>
            <span className="activity-tile__value">{t.value}</span>
          </div>
        ))}
      </div>
      <div className="activity-lists">
        <RequestSection
          title={ko.activity.receivedList}
          empty={ko.activity.receivedEmpty}
          side="host"
          requests={visibleReceived}
          status={received.status}
          onRetry={() => void received.reload()}
          pending={pending}
          onAction={(r, a) => void act(r, 'host', a)}
        />
        <RequestSection
          title={ko.activity.sentList}
          empty={ko.activity.sentEmpty}
          side="requester"
          requests={visibleSent}
          status={sent.status}
          onRetry={() => void sent.reload()}
          pending={pending}
          onAction={(r, a) => void act(r, 'requester', a)}
        />
      </div>
    </div>
  );
}

interface RequestSectionProps {
  title: string;
  empty: string;
  side: MatchSide;
  requests: readonly MatchRequest[];
  status: 'loading' | 'ready' | 'error';
  onRetry: () => void;
  pending: ReadonlySet<number>;
  onAction: (request: MatchRequest, action: MatchAction) => void;
}

function RequestSection({ title, empty, side, requests, status, onRetry, pending, onAction }: RequestSectionProps) {
  const headingId = `activity-${side}`;
  return (
    <section className="card activity-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        {title}
      </h2>
      <LoadState status={status} onRetry={onRetry} isEmpty={requests.length === 0} empty={empty} />
      {status !== 'error' && requests.length > 0 && (
        <ul className="request-list" aria-labelledby={headingId}>
          {requests.map((r) => (
            <MatchRequestItem key={r.id} request={r} side={side} pending={pending.has(r.id)} onAction={(a) => onAction(r, a)} />
          ))}
        </ul>
      )}
    </section>
  );
}
