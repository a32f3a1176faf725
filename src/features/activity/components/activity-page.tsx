import { useInfiniteQuery, useQuery, type UseInfiniteQueryResult, type InfiniteData } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { MatchRequest } from '@common/api/matches';
import type { User } from '@common/api/users';
import { isVisibleInList, type MatchSide } from '@common/domain/match-status';
import { formatAverageRating } from '@common/domain/rating';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { onFirstInteraction, useOpenedOnce } from '@/components/ui/first-interaction';
import { QueryState } from '@/components/ui/load-state';
import { LoadMore } from '@/components/ui/load-more';
import type { Page } from '@/lib/api-client';
import { MESSAGES } from '@common/i18n/messages';
import { ko } from '@/i18n/ko';
import { errorMessage } from '@/lib/api-client';
import { useNow } from '@/lib/use-now';
import { meQuery } from '@/shared/api/me';
import { receivedRequestsQuery, sentRequestsQuery } from '@/shared/api/match-lists';
import { useSafetyGuide } from '@/shared/components/safety-guide';
import { useMatchAction, type Job } from '../api/use-match-action';
import { MatchRequestItem, opponentOf, type ItemAction } from './match-request-item';
import './activity.css';

// Issue #33 item 1: the page's dialogs (the cancel reason and dispute forms with their schemas and
// react-hook-form, the share sheet, Radix Dialog) are not part of its first view: 활동 is where a
// push about a match opens the app. Each loads when first opened, and all of them after the
// member's first press or key, so they still open offline.
const loadCancelDialog = () => import('./cancel-match-dialog');
const loadShareDialog = () => import('./share-meal-dialog');
const loadDisputeDialog = () => import('@/shared/components/dispute-dialog');
const CancelMatchDialog = lazy(() => loadCancelDialog().then((m) => ({ default: m.CancelMatchDialog })));
const ShareMealDialog = lazy(() => loadShareDialog().then((m) => ({ default: m.ShareMealDialog })));
const DisputeDialog = lazy(() => loadDisputeDialog().then((m) => ({ default: m.DisputeDialog })));

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

/** Every loaded page's requests in order, each once (a page boundary may move while rows are added). */
function loaded(data: { pages: readonly Page<MatchRequest>[] } | undefined): MatchRequest[] {
  if (!data) return NONE;
  const seen = new Set<number>();
  return data.pages.flatMap((p) => p.items).filter((r) => !seen.has(r.id) && (seen.add(r.id), true));
}

const FALLBACK: Record<Job['kind'], string> = {
  accept: ko.activity.acceptError,
  reject: ko.activity.rejectError,
  confirm: ko.activity.confirmError,
  withdraw: ko.activity.withdrawError,
  hide: ko.activity.hideError,
  cancel: ko.activity.cancelError,
  arrived: ko.activity.arrivedError,
  attendance: ko.activity.attendanceError,
  calendar: ko.activity.calendarError,
};

/** The toast when the server answered no text. */
function doneText(job: Job): string {
  switch (job.kind) {
    case 'accept':
      return MESSAGES.matchAccepted;
    case 'reject':
      return MESSAGES.matchRejected;
    case 'confirm':
      return MESSAGES.matchConfirmed;
    case 'withdraw':
      return ko.activity.withdrawn;
    case 'hide':
      return ko.activity.removed;
    case 'cancel':
      return ko.cancelMatch.done;
    case 'arrived':
      return ko.activity.arrivedDone;
    case 'attendance':
      return ko.activity.attendanceSaved;
    case 'calendar':
      return '';
  }
}

/** 활동 내역: the three tiles and the received and sent request lists (SPEC §2, §4; issue #15 lifecycle). */
export function ActivityPage({ user, onUserRefreshed, onChat, onReview, notice }: ActivityPageProps) {
  // Both lists and my profile come from TanStack Query (issue #14): live notifications and the
  // actions below invalidate them, so the page never shows a stale list.
  // Paged (issue #19 item 1): the next page loads on scroll or with 더 보기.
  const received = useInfiniteQuery(receivedRequestsQuery('upcoming'));
  const sent = useInfiniteQuery(sentRequestsQuery('upcoming'));
  // Issue #28 item 7: 지난 약속, every meal whose start has passed, as host and as guest.
  const pastReceived = useInfiniteQuery(receivedRequestsQuery('past'));
  const pastSent = useInfiniteQuery(sentRequestsQuery('past'));
  const me = useQuery(meQuery());
  // The meal windows (cancel, arrival, attendance) follow the clock without a reload.
  const now = useNow();
  const [cancelling, setCancelling] = useState<{ request: MatchRequest; side: MatchSide } | null>(null);
  const [sharing, setSharing] = useState<{ request: MatchRequest; side: MatchSide } | null>(null);
  const [disputing, setDisputing] = useState<number | null>(null);
  const cancelMounted = useOpenedOnce(cancelling !== null);
  const shareMounted = useOpenedOnce(sharing !== null);
  const disputeMounted = useOpenedOnce(disputing !== null);
  useEffect(() => onFirstInteraction(() => void Promise.all([loadCancelDialog(), loadShareDialog(), loadDisputeDialog()]).catch(() => undefined)), []);
  const guide = useSafetyGuide();

  const refreshUser = useRef(onUserRefreshed);
  useEffect(() => {
    refreshUser.current = onUserRefreshed;
  });
  useEffect(() => {
    if (me.data) refreshUser.current(me.data);
  }, [me.data]);

  const visibleReceived = useMemo(() => loaded(received.data).filter((r) => isVisibleInList(r, 'host')), [received.data]);
  const visibleSent = useMemo(() => loaded(sent.data).filter((r) => isVisibleInList(r, 'requester')), [sent.data]);
  const past = useMemo(() => pastMeals(loaded(pastReceived.data), loaded(pastSent.data)), [pastReceived.data, pastSent.data]);

  const action = useMatchAction({
    onSuccess: (text, job) => {
      if (job.kind === 'cancel') setCancelling(null);
      const shown = text || doneText(job);
      if (shown) toast.success(shown);
    },
    onError: (error, job) => toast.error(errorMessage(error, FALLBACK[job.kind])),
  });
  // One action per request at a time: the buttons of a request are disabled while it runs.
  const pending = useMemo(
    () => new Set(action.isPending && action.variables ? [action.variables.request.id] : []) as ReadonlySet<number>,
    [action.isPending, action.variables],
  );

  async function act(request: MatchRequest, side: MatchSide, kind: ItemAction) {
    if (kind === 'share') return setSharing({ request, side });
    // Issue #17 item 9: the safety guide comes once, before a member's first accept.
    if (kind === 'accept' && !(await guide.ensureSeen())) return;
    const other = opponentOf(request, side);
    const opponent: Opponent = { opponentId: other.id, opponentName: other.name, opponentProfileImage: other.profileImage };
    if (kind === 'chat') return onChat(request.id, opponent);
    if (kind === 'review') return onReview(request.id, opponent);
    if (action.isPending) return;
    if (kind === 'cancel') return setCancelling({ request, side });
    if (kind === 'dispute') return setDisputing(request.id);
    // Issue #28 item 5: each way out says what it does before it is done.
    if (kind === 'reject' && !(await confirmDialog(ko.activity.confirmReject, { danger: true, confirmLabel: ko.activity.reject }))) return;
    if (kind === 'withdraw' && !(await confirmDialog(ko.activity.confirmWithdraw, { danger: true, confirmLabel: ko.activity.withdraw }))) return;
    if (kind === 'hide' && !(await confirmDialog(ko.activity.confirmRemove, { danger: true, confirmLabel: ko.feedback.delete }))) return;
    if (kind === 'attended' || kind === 'absent') return action.mutate({ request, side, kind: 'attendance', attended: kind === 'attended' });
    action.mutate({ request, side, kind });
  }

  const tiles = [
    // The loaded requests; "20+" while more pages exist (the lists are paged, there is no count endpoint).
    { label: ko.activity.sentTile, value: sent.isPending ? '…' : `${visibleSent.length}${sent.hasNextPage ? '+' : ''}` },
    { label: ko.activity.receivedTile, value: received.isPending ? '…' : `${visibleReceived.length}${received.hasNextPage ? '+' : ''}` },
    { label: ko.activity.ratingTile, value: formatAverageRating(user.averageRating, user.reviewCount) },
  ];
  // A figure is large; a word (아직 없어요 below 5 reviews) is set smaller, so a 360 px tile keeps it on one line.
  const isFigure = (value: string) => /^[\d.…+]+$/.test(value);

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
            <span className={isFigure(t.value) ? 'activity-tile__value' : 'activity-tile__value activity-tile__value--words'}>{t.value}</span>
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
          now={now}
          onAction={(r, a) => void act(r, 'host', a)}
        />
        <RequestSection
          title={ko.activity.sentList}
          empty={ko.activity.sentEmpty}
          side="requester"
          requests={visibleSent}
          query={sent}
          pending={pending}
          now={now}
          onAction={(r, a) => void act(r, 'requester', a)}
        />
        <PastSection
          meals={past}
          queries={[pastReceived, pastSent]}
          pending={pending}
          now={now}
          onAction={(r, side, a) => void act(r, side, a)}
        />
      </div>
      <Suspense fallback={null}>
        {cancelMounted && (
          <CancelMatchDialog
            open={cancelling !== null}
            onOpenChange={(open) => !open && setCancelling(null)}
            lateCancelFrom={cancelling?.request.lateCancelFrom ?? null}
            now={now}
            pending={action.isPending}
            onSubmit={(reason) => cancelling && !action.isPending && action.mutate({ ...cancelling, kind: 'cancel', reason })}
          />
        )}
        {shareMounted && <ShareMealDialog target={sharing} onClose={() => setSharing(null)} />}
        {disputeMounted && <DisputeDialog matchId={disputing} onClose={() => setDisputing(null)} />}
      </Suspense>
      {guide.element}
    </div>
  );
}

interface RequestSectionProps {
  title: string;
  empty: string;
  side: MatchSide;
  requests: readonly MatchRequest[];
  query: UseInfiniteQueryResult<InfiniteData<Page<MatchRequest>, unknown>>;
  pending: ReadonlySet<number>;
  now: Date;
  onAction: (request: MatchRequest, action: ItemAction) => void;
}

function RequestSection({ title, empty, side, requests, query, pending, now, onAction }: RequestSectionProps) {
  const headingId = `activity-${side}`;
  return (
    <section className="card activity-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        {title}
      </h2>
      <QueryState query={query} isEmpty={requests.length === 0 && !query.hasNextPage} empty={empty} />
      {query.status === 'success' && requests.length > 0 && (
        <ul className="request-list" aria-labelledby={headingId}>
          {requests.map((r) => (
            <MatchRequestItem key={r.id} request={r} side={side} pending={pending.has(r.id)} now={now} onAction={(a) => onAction(r, a)} />
          ))}
        </ul>
      )}
      {query.status === 'success' && <LoadMore query={query} />}
    </section>
  );
}

/** A past meal and my side of it. */
interface PastMeal {
  request: MatchRequest;
  side: MatchSide;
}

/** 지난 약속 (issue #28 item 7): my meals as host and as guest, the latest start first. */
export function pastMeals(asHost: readonly MatchRequest[], asGuest: readonly MatchRequest[]): PastMeal[] {
  const all: PastMeal[] = [...asHost.map((request) => ({ request, side: 'host' as const })), ...asGuest.map((request) => ({ request, side: 'requester' as const }))];
  return all.sort((a, b) => Date.parse(b.request.schedule.startsAt) - Date.parse(a.request.schedule.startsAt) || b.request.id - a.request.id);
}

type PagedQuery = UseInfiniteQueryResult<InfiniteData<Page<MatchRequest>, unknown>>;

interface PastSectionProps {
  meals: readonly PastMeal[];
  /** The two paged lists (`?when=past` of received and sent). */
  queries: readonly [PagedQuery, PagedQuery];
  pending: ReadonlySet<number>;
  now: Date;
  onAction: (request: MatchRequest, side: MatchSide, action: ItemAction) => void;
}

/** 지난 약속: both past lists as one, each meal with my role; 더 보기 loads the next page of each list that has one. */
function PastSection({ meals, queries, pending, now, onAction }: PastSectionProps) {
  const headingId = 'activity-past';
  const [a, b] = queries;
  // One state for the two lists: loading until both answered, an error when either failed.
  const status = a.status === 'error' || b.status === 'error' ? 'error' : a.status === 'pending' || b.status === 'pending' ? 'pending' : 'success';
  const refetch = useCallback(() => Promise.all([a.refetch(), b.refetch()]), [a, b]);
  const state = { status, isFetching: a.isFetching || b.isFetching, isRefetchError: a.isRefetchError || b.isRefetchError, refetch } as const;
  const hasNextPage = a.hasNextPage || b.hasNextPage;
  const { fetchNextPage: nextA, hasNextPage: moreA } = a;
  const { fetchNextPage: nextB, hasNextPage: moreB } = b;
  const fetchNextPage = useCallback(() => Promise.all([moreA ? nextA() : null, moreB ? nextB() : null]), [moreA, moreB, nextA, nextB]);
  const more = { hasNextPage, isFetchingNextPage: a.isFetchingNextPage || b.isFetchingNextPage, isFetchNextPageError: a.isFetchNextPageError || b.isFetchNextPageError, fetchNextPage };
  return (
    <section className="card activity-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        {ko.activity.pastList}
      </h2>
      <QueryState query={state} isEmpty={meals.length === 0 && !hasNextPage} empty={ko.activity.pastEmpty} />
      {status === 'success' && meals.length > 0 && (
        <ul className="request-list" aria-labelledby={headingId}>
          {meals.map(({ request, side }) => (
            <MatchRequestItem
              key={`${side}-${request.id}`}
              request={request}
              side={side}
              role={side === 'host' ? ko.activity.asHost : ko.activity.asGuest}
              pending={pending.has(request.id)}
              now={now}
              onAction={(action) => onAction(request, side, action)}
            />
          ))}
        </ul>
      )}
      {status === 'success' && <LoadMore query={more} />}
    </section>
  );
}
