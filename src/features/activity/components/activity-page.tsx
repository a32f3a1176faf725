import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { MatchRequest } from '@common/api/matches';
import type { User } from '@common/api/users';
import { isVisibleInList, type MatchAction, type MatchSide } from '@common/domain/match-status';
import { formatAverageRating } from '@common/domain/rating';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { QueryState } from '@/components/ui/load-state';
import { ko } from '@/i18n/ko';
import { errorMessage } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';
import { meQuery } from '../api/get-me';
import { deleteMatch } from '../api/delete-match';
import { receivedRequestsQuery } from '../api/get-received-requests';
import { sentRequestsQuery } from '../api/get-sent-requests';
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
export function ActivityPage({ user, onUserRefreshed, onChat, onReview, notice }: ActivityPageProps) {
  const queryClient = useQueryClient();
  // Both lists and my profile come from TanStack Query (issue #14): live notifications and the
  // actions below invalidate them, so the page never shows a stale list.
  const received = useQuery(receivedRequestsQuery());
  const sent = useQuery(sentRequestsQuery());
  const me = useQuery(meQuery());

  const refreshUser = useRef(onUserRefreshed);
  useEffect(() => {
    refreshUser.current = onUserRefreshed;
  });
  useEffect(() => {
    if (me.data) refreshUser.current(me.data);
  }, [me.data]);

  const visibleReceived = useMemo(() => (received.data ?? NONE).filter((r) => isVisibleInList(r, 'host')), [received.data]);
  const visibleSent = useMemo(() => (sent.data ?? NONE).filter((r) => isVisibleInList(r, 'requester')), [sent.data]);

  const action = useMutation({
    mutationFn: ({ request, action }: { request: MatchRequest; action: 'accept' | 'reject' | 'confirm' | 'delete' }) =>
      action === 'delete' ? deleteMatch(request.id) : hostAction(request.id, action),
    onSuccess: (text, { action }) => toast.success(text || DONE[action]),
    onError: (error, { action }) => toast.error(errorMessage(error, FALLBACK[action])),
    // The item changed (or is gone): both lists, the meal's seats and my tiles agree again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.matchesReceived }),
        queryClient.invalidateQueries({ queryKey: queryRoots.matchesSent }),
        queryClient.invalidateQueries({ queryKey: queryRoots.schedules }),
      ]),
  });
  // One action per request at a time: the buttons of a request are disabled while it runs.
  const pending = useMemo(
    () => new Set(action.isPending && action.variables ? [action.variables.request.id] : []) as ReadonlySet<number>,
    [action.isPending, action.variables],
  );

  async function act(request: MatchRequest, side: MatchSide, kind: MatchAction) {
    const other = opponentOf(request, side);
    const opponent: Opponent = { opponentId: other.id, opponentName: other.name, opponentProfileImage: other.profileImage };
    if (kind === 'chat') return onChat(request.id, opponent);
    if (kind === 'review') return onReview(request.id, opponent);
    if (action.isPending) return;
    if (kind === 'delete' && !(await confirmDialog(ko.activity.confirmDelete))) return;
    action.mutate({ request, action: kind });
  }

  const tiles = [
    { label: ko.activity.sentTile, value: sent.isPending ? '…' : String(visibleSent.length) },
    { label: ko.activity.receivedTile, value: received.isPending ? '…' : String(visibleReceived.length) },
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
          query={received}
          pending={pending}
          onAction={(r, a) => void act(r, 'host', a)}
        />
        <RequestSection
          title={ko.activity.sentList}
          empty={ko.activity.sentEmpty}
          side="requester"
          requests={visibleSent}
          query={sent}
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
  query: UseQueryResult<MatchRequest[]>;
  pending: ReadonlySet<number>;
  onAction: (request: MatchRequest, action: MatchAction) => void;
}

function RequestSection({ title, empty, side, requests, query, pending, onAction }: RequestSectionProps) {
  const headingId = `activity-${side}`;
  return (
    <section className="card activity-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        {title}
      </h2>
      <QueryState query={query} isEmpty={requests.length === 0} empty={empty} />
      {query.status === 'success' && requests.length > 0 && (
        <ul className="request-list" aria-labelledby={headingId}>
          {requests.map((r) => (
            <MatchRequestItem key={r.id} request={r} side={side} pending={pending.has(r.id)} onAction={(a) => onAction(r, a)} />
          ))}
        </ul>
      )}
    </section>
  );
}
