import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Schedule, ScheduleAuthor } from '@common/api/schedules';
import { isInScheduleWindow, scheduleWindow, todayKst, type IsoDate } from '@common/domain/schedule';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { onFirstInteraction, useOpenedOnce } from '@/components/ui/first-interaction';
import { QueryState } from '@/components/ui/load-state';
import { ShareButton } from '@/components/ui/share-button';
import { MESSAGES } from '@common/i18n/messages';
import { format, ko } from '@/i18n/ko';
import { normaliseStatus } from '@common/domain/match-status';
import { isApiError } from '@/lib/api-client';
import { monthDayLabel, whenLabel } from '@/lib/dates';
import { formatDistance } from '@/lib/geo';
import { useOutbox } from '@/lib/outbox';
import { useAskedPosition } from '@/lib/geolocation';
import { levelForRadius } from '@/lib/maps';
import { useDistanceOrigin } from '../origin';
import { useRandomSchedule } from '../api/use-random-schedule';
import { daySchedulesQuery, scheduleCalendarQuery, scheduleQueryFilter, upcomingSchedulesQuery, type ScheduleQueryFilter } from '../api/get-schedules';
import { useRequestMatch } from '@/shared/mutations/use-request-match';
import { useSafetyGuide } from '@/shared/components/safety-guide';
import { DEFAULT_MATCHING_FILTER, isFilterActive, type MatchingFilter } from '../filter';
import { DayScheduleList } from './day-schedule-list';
import { UpcomingList } from './upcoming-list';
import { MealsMap } from './meals-map';
import { groupByPlace, placeKey } from '../venues';
import { ToggleChip } from '@/components/ui/toggle-chip';
import { FOOD_CATEGORIES } from '@common/domain/vocabulary';
import { LoadMore } from '@/components/ui/load-more';
import './matching.css';

// Issue #33 item 1: the page's dialogs (Radix Dialog, the author's profile with its report and
// share buttons) are not part of its first view. Each loads when first opened, and all of them
// after the member's first press or key, so they still open offline.
const loadPlaceMealsSheet = () => import('./place-meals-sheet');
const loadFilterDialog = () => import('./matching-filter-dialog');
const loadAuthorDialog = () => import('./author-profile-dialog');
const PlaceMealsSheet = lazy(() => loadPlaceMealsSheet().then((m) => ({ default: m.PlaceMealsSheet })));
const MatchingFilterDialog = lazy(() => loadFilterDialog().then((m) => ({ default: m.MatchingFilterDialog })));
const AuthorProfileDialog = lazy(() => loadAuthorDialog().then((m) => ({ default: m.AuthorProfileDialog })));

// Issue #33 item 1: the calendar (react-day-picker) loads when the calendar view is first shown; the
// list is the first view (issue #31 item 2).
const Calendar = lazy(() => import('@/components/ui/calendar').then((m) => ({ default: m.Calendar })));

interface MatchingPageProps {
  /** The signed-in member (own schedules cannot be requested). */
  myId: number | null;
  /** `?schedule=12` of a shared link (issue #18 item 6): that schedule is selected once loaded. */
  sharedScheduleId?: string;
  /** `?date=YYYY-MM-DD` of a shared link (issue #19): the day whose list holds the shared schedule. */
  sharedDate?: string;
  /** The member's 동네 (내 정보, issue #31 item 2): distance is measured from its centre when no position is shared. */
  neighbourhood?: string | null;
  /** Opens 내 정보, where the 동네 is picked (the link offered when geolocation is denied); without it, the link loads /profile. */
  onOpenProfile?: () => void;
}

const NO_SCHEDULES: Schedule[] = [];

/**
 * 매칭: the upcoming meals of the next 21 days under day headers (issue #31 item 2: the first
 * view), the same meals on a map (one marker per place; a marker opens that place's meals in a
 * sheet), or the calendar of everyone's schedules with the chosen day's list; filter chips (where
 * distance is measured from, food types), random match, request.
 */
export function MatchingPage({ myId, sharedScheduleId, sharedDate, neighbourhood, onOpenProfile }: MatchingPageProps) {
  const today = todayKst();
  const bounds = scheduleWindow();
  const origin = useAskedPosition();
  // Issue #31 item 2: my position, else my 동네's centre, else 서울시청.
  const from = useDistanceOrigin(origin, neighbourhood);
  const { position } = from;
  const [filter, setFilter] = useState<MatchingFilter>(DEFAULT_MATCHING_FILTER);
  const [filterOpen, setFilterOpen] = useState(false);
  // A shared link names the day of its schedule (issue #19): that day opens first.
  const startDay = sharedDate && isInScheduleWindow(sharedDate) ? sharedDate : today;
  // Issue #31 item 2: the list first; a shared link opens its day on the calendar.
  const [view, setView] = useState<'list' | 'map' | 'calendar'>(sharedDate ? 'calendar' : 'list');
  const [month, setMonth] = useState<IsoDate>(startDay);
  const [day, setDay] = useState<IsoDate>(startDay);
  // What the screen shows, asked of the server (issue #19 item 3): the calendar's dots for the
  // window and one page after another of the chosen day, both filtered by the server (food types,
  // distance around my position). Under `queryRoots.schedules`: my request, a replayed outbox
  // request and the live notifications that change seats invalidate them (issue #14).
  const serverFilter = useMemo<ScheduleQueryFilter>(() => scheduleQueryFilter(filter, { lat: position.lat, lng: position.lng }), [filter, position.lat, position.lng]);
  const calendar = useQuery({ ...scheduleCalendarQuery(bounds.first, bounds.last, serverFilter), enabled: view === 'calendar' });
  const schedules = useInfiniteQuery({ ...daySchedulesQuery(day, serverFilter), enabled: view === 'calendar' });
  // The list and the map show the same meals: one query, one cache entry.
  const upcoming = useInfiniteQuery({ ...upcomingSchedulesQuery(serverFilter), enabled: view !== 'calendar' });
  const upcomingLoaded = useMemo(() => upcoming.data?.pages.flatMap((p) => p.items) ?? NO_SCHEDULES, [upcoming.data]);
  const dayLoaded = useMemo(() => schedules.data?.pages.flatMap((p) => p.items) ?? NO_SCHEDULES, [schedules.data]);
  const loaded = view === 'calendar' ? dayLoaded : upcomingLoaded;
  // The map view: the loaded meals by place, the open place's key (its sheet), the map's centre.
  const mapPlaces = useMemo(() => groupByPlace(upcomingLoaded), [upcomingLoaded]);
  const [openPlaceKey, setOpenPlaceKey] = useState<string | null>(null);
  const openPlace = view === 'map' ? (mapPlaces.places.find((p) => p.key === openPlaceKey) ?? null) : null;
  const mapCenter = useMemo(() => ({ lat: position.lat, lng: position.lng }), [position.lat, position.lng]);
  // The sheet closes with the view, and when its place is gone from the answer (it never reopens by itself).
  if (openPlaceKey !== null && (view !== 'map' || (upcoming.status === 'success' && !openPlace))) setOpenPlaceKey(null);
  const [selected, setSelected] = useState<Schedule | null>(null);
  const [author, setAuthor] = useState<ScheduleAuthor | null>(null);
  const [authorScheduleId, setAuthorScheduleId] = useState<number | undefined>(undefined);
  const sheetMounted = useOpenedOnce(openPlace !== null);
  const filterMounted = useOpenedOnce(filterOpen);
  const authorMounted = useOpenedOnce(author !== null);
  // Match requests waiting in the outbox (issue #7) are marked "전송 대기 중".
  const outboxEntries = useOutbox((s) => s.entries);
  // A shared link (`/matching?schedule=12`, issue #18 item 6) selects that schedule once it is loaded.
  const sharedId = sharedScheduleId;
  const [appliedShare, setAppliedShare] = useState<string | undefined>(undefined);
  if (sharedId !== undefined && sharedId !== appliedShare && schedules.data && !schedules.isFetching) {
    setAppliedShare(sharedId);
    const shared = loaded.find((s) => String(s.id) === sharedId);
    if (shared) {
      setSelected(shared);
      setDay(shared.date);
      setMonth(shared.date);
    }
  }
  const pendingIds = useMemo(() => new Set(outboxEntries.filter((e) => e.kind === 'match-request' && !e.failure).map((e) => Number(e.scope))), [outboxEntries]);

  // The random pick (a mutation: one schedule to show, never reused); the screen shows it.
  const random = useRandomSchedule({
    onSuccess: (schedule) => {
      setSelected(schedule);
      setView('calendar');
      setDay(schedule.date);
      setMonth(schedule.date);
      requestAnimationFrame(() => document.getElementById(`schedule-${schedule.id}`)?.scrollIntoView?.({ block: 'nearest' }));
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 404) toast.error(ko.matching.noPartner);
      else if (isApiError(error) && error.serverMessage) toast.error(format(ko.matching.randomFailed, { message: error.serverMessage }));
      else toast.error(ko.matching.randomError);
    },
  });

  // Sent at once, or queued in the outbox when offline (its replay invalidates the same roots).
  const requestMutation = useRequestMatch({
    onSuccess: (result) => {
      if (result.queued) toast.info(ko.offlineUi.queued);
      else toast.success(result.text || MESSAGES.matchRequested);
    },
    onError: (error) => {
      if (isApiError(error) && error.serverMessage) toast.error(format(ko.matching.requestFailed, { message: error.serverMessage }));
      else toast.error(ko.matching.requestError);
    },
  });
  const [confirming, setConfirming] = useState(false);
  const guide = useSafetyGuide();
  useEffect(() => onFirstInteraction(() => void Promise.all([loadPlaceMealsSheet(), loadFilterDialog(), loadAuthorDialog()]).catch(() => undefined)), []);
  // The selection as the server answers it now (after my request it carries myRequestStatus).
  const current = useMemo(() => (selected ? (loaded.find((s) => s.id === selected.id) ?? selected) : null), [loaded, selected]);
  // Issue #28 item 2: after my own withdrawal or cancellation I may ask again (the server decides, and
  // says why not with a 409); any other request of mine stands, and the toolbar says where.
  const myStatus = normaliseStatus(current?.myRequestStatus);
  const isRequested = myStatus !== null && myStatus !== 'CANCELLED';

  // Once my request is in, 매칭 신청 gives way to 신청함. When it had the focus (the confirm hands
  // it back there), the focus moves to the selected meal's card, which now says 신청함, instead of
  // falling to the page. The button is in the toolbar and, on the map, in a place's sheet too:
  // whichever had the focus when it went says so, and the flag lives only for that commit.
  const requestHadFocus = useRef(false);
  const requestButtonRef = useCallback((el: HTMLButtonElement | null) => {
    if (!el) return;
    return () => {
      if (el === el.ownerDocument.activeElement) requestHadFocus.current = true;
    };
  }, []);
  useEffect(() => {
    const hadFocus = requestHadFocus.current;
    requestHadFocus.current = false;
    if (!isRequested || !hadFocus || !current) return;
    document.querySelector<HTMLElement>(`#schedule-${current.id} .match-schedule__select`)?.focus();
  });

  const markedDays = useMemo(() => (calendar.data ?? []).map((d) => d.date), [calendar.data]);
  const dayList = useMemo(() => {
    const list = loaded.filter((s) => s.date === day);
    // A schedule chosen by random match stays visible even when the filter would hide it.
    if (selected && selected.date === day && !list.some((s) => s.id === selected.id)) list.push(selected);
    return list.sort((a, b) => a.time - b.time || a.id - b.id);
  }, [loaded, day, selected]);

  function selectDay(date: IsoDate) {
    setDay(date);
    if (selected && selected.date !== date) setSelected(null);
  }

  function select(schedule: Schedule) {
    setSelected((current) => (current?.id === schedule.id ? null : schedule));
  }

  function randomMatch() {
    if (random.isPending) return;
    random.mutate();
  }

  async function request() {
    if (requestMutation.isPending || confirming) return;
    if (!selected) {
      toast.error(ko.matching.selectSchedule);
      return;
    }
    if (myId !== null && selected.user?.id === myId) {
      toast.error(ko.matching.ownSchedule);
      return;
    }
    if (isRequested) {
      toast.info(ko.matching.alreadyRequested);
      return;
    }
    if (pendingIds.has(selected.id)) {
      toast.info(ko.offlineUi.queued);
      return;
    }
    setConfirming(true);
    try {
      // Issue #17 item 9: the safety guide comes once, before a member's first request.
      if (!(await guide.ensureSeen())) return;
      if (!(await confirmDialog(ko.matching.confirmRequest))) return;
    } finally {
      setConfirming(false);
    }
    requestMutation.mutate({ scheduleId: selected.id, label: `${selected.placeName} ${whenLabel(selected.date, selected.time)}` });
  }

  // 매칭 신청, or where my request on the selection stands (issue #15: no 신청 button then).
  const requestAction = isRequested ? (
    <span className={`pill ${myStatus === 'REJECTED' ? 'pill--muted' : 'pill--accent'} matching-toolbar__requested`} role="status">
      {ko.matching.myStatus[myStatus]}
    </span>
  ) : (
    <button
      ref={requestButtonRef}
      type="button"
      className="btn btn--primary"
      aria-haspopup="dialog"
      aria-disabled={requestMutation.isPending}
      // When the request is in before the confirm hands the focus back, the card takes it (use-return-focus.ts).
      data-focus-successor={current ? `#schedule-${current.id} .match-schedule__select` : undefined}
      onClick={() => void request()}
    >
      {ko.matching.requestMatch}
    </button>
  );

  const active = isFilterActive(filter);
  const distance = formatDistance(filter.distance);
  // Issue #31 item 2: the UI always says where distance is measured from.
  const fromLabel = from.place === null ? format(ko.upcoming.fromMe, { distance }) : format(ko.upcoming.fromPlace, { place: from.place, distance });
  const toggleCategory = (category: (typeof FOOD_CATEGORIES)[number]) =>
    setFilter((f) => ({ ...f, categories: f.categories.includes(category) ? f.categories.filter((c) => c !== category) : [...f.categories, category] }));
  const onShowAuthor = (a: ScheduleAuthor, scheduleId: number) => {
    setAuthor(a);
    setAuthorScheduleId(scheduleId);
  };
  return (
    <div className="page matching-page">
      <h1 className="page-heading">{ko.matching.heading}</h1>
      <div className="matching-chips">
        <button type="button" className="chip chip--origin" aria-haspopup="dialog" onClick={() => setFilterOpen(true)} data-testid="distance-chip">
          {fromLabel}
        </button>
        <div className="matching-chips__categories" role="group" aria-label={ko.upcoming.categories}>
          {FOOD_CATEGORIES.map((c) => (
            <ToggleChip key={c} pressed={filter.categories.includes(c)} onToggle={() => toggleCategory(c)}>
              {c}
            </ToggleChip>
          ))}
        </div>
      </div>
      {origin.source === 'default' && (
        <p className="matching-origin" role="status">
          {origin.permission === 'denied' ? (
            <>
              <span>{format(ko.upcoming.denied, { place: from.place ?? ko.upcoming.defaultPlace })}</span>{' '}
              <a
                href="/profile"
                onClick={(e) => {
                  if (!onOpenProfile || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                  e.preventDefault();
                  onOpenProfile();
                }}
              >
                {from.kind === 'neighbourhood' ? ko.upcoming.changeNeighbourhood : ko.upcoming.pickNeighbourhood}
              </a>
            </>
          ) : (
            <>
              <span>{ko.upcoming.askReason}</span>{' '}
              <button type="button" className="btn btn--ghost btn--small" onClick={origin.ask} disabled={origin.permission === 'asking'}>
                {ko.upcoming.useMyLocation}
              </button>
            </>
          )}
        </p>
      )}
      <div className="matching-toolbar">
        <div className="segmented" role="group" aria-label={ko.upcoming.viewLabel}>
          <button type="button" className="segmented__option" aria-pressed={view === 'list'} onClick={() => setView('list')}>
            {ko.upcoming.list}
          </button>
          <button type="button" className="segmented__option" aria-pressed={view === 'calendar'} onClick={() => setView('calendar')}>
            {ko.upcoming.calendar}
          </button>
          <button type="button" className="segmented__option" aria-pressed={view === 'map'} onClick={() => setView('map')}>
            {ko.mapView.map}
          </button>
        </div>
        <button type="button" className="btn btn--ghost" aria-haspopup="dialog" onClick={() => setFilterOpen(true)}>
          {ko.matching.filter}
        </button>
        {active && (
          <span className="matching-toolbar__hint">
            {ko.matching.filterActive}: {[...filter.categories, format(ko.matching.distanceLabel, { distance })].join(', ')}
          </span>
        )}
        <span className="matching-toolbar__spacer" />
        {current && (
          <ShareButton
            className="btn btn--ghost"
            title={ko.share.scheduleTitle}
            text={format(ko.share.scheduleText, { when: whenLabel(current.date, current.time), place: current.placeName })}
            url={`/matching?schedule=${current.id}&date=${current.date}`}
            label={`${ko.share.button}: ${current.placeName}`}
          />
        )}
        <button type="button" className="btn btn--secondary" onClick={randomMatch} disabled={random.isPending}>
          {ko.matching.randomMatch}
        </button>
        {requestAction}
      </div>
      {view === 'list' ? (
        <section className="card" aria-labelledby="matching-upcoming-heading">
          <h2 id="matching-upcoming-heading" className="card__title">
            {ko.upcoming.heading}
          </h2>
          <QueryState query={upcoming} />
          {upcoming.status === 'success' && (
            <UpcomingList today={today} schedules={upcomingLoaded} selectedId={selected?.id ?? null} myId={myId} pendingIds={pendingIds} onSelect={select} onShowAuthor={onShowAuthor} />
          )}
          <LoadMore query={upcoming} />
          <p className="field__hint">{ko.matching.selectHint}</p>
        </section>
      ) : view === 'map' ? (
        <section className="card" aria-labelledby="matching-map-heading">
          <h2 id="matching-map-heading" className="card__title">
            {ko.upcoming.heading}
          </h2>
          <QueryState query={upcoming} rows={1} />
          <MealsMap
            center={mapCenter}
            level={levelForRadius(filter.distance)}
            places={mapPlaces.places}
            raisedKey={current ? placeKey(current) : null}
            onOpen={(place) => setOpenPlaceKey(place.key)}
          />
          {upcoming.status === 'success' && (
            <>
              {mapPlaces.places.length === 0 && <p className="empty-state">{ko.upcoming.mapEmpty}</p>}
              {mapPlaces.places.length > 0 && (
                <ul className="meal-places" aria-label={ko.upcoming.places}>
                  {mapPlaces.places.map((place) => (
                    <li key={place.key}>
                      <button type="button" className="chip" aria-haspopup="dialog" onClick={() => setOpenPlaceKey(place.key)}>
                        {format(ko.upcoming.placeMeals, { place: place.placeName, n: place.schedules.length })}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {mapPlaces.withoutPlace > 0 && (
                <p className="matching-map__list-only">
                  {format(ko.upcoming.listOnly, { n: mapPlaces.withoutPlace })}{' '}
                  <button type="button" className="link-button" onClick={() => setView('list')}>
                    {ko.upcoming.showList}
                  </button>
                </p>
              )}
            </>
          )}
          <LoadMore query={upcoming} auto={false} label={ko.upcoming.mapMore} />
          <p className="field__hint">{ko.upcoming.mapHint}</p>
        </section>
      ) : (
        <div className="matching-layout">
          <section className="card">
          <Suspense fallback={null}>
            <Calendar label={ko.matching.calendar} today={today} window={bounds} selected={day} onDayClick={selectDay} month={month} onMonthChange={setMonth} marked={markedDays} />
          </Suspense>
        </section>
        <section className="card" aria-labelledby="matching-day-heading">
          <h2 id="matching-day-heading" className="card__title">
            {format(ko.schedule.dayDialog, { date: monthDayLabel(day) })}
          </h2>
          <QueryState query={schedules} />
          {schedules.status === 'success' && (
            <DayScheduleList date={day} schedules={dayList} selectedId={selected?.id ?? null} myId={myId} pendingIds={pendingIds} onSelect={select} onShowAuthor={onShowAuthor} />
          )}
          <LoadMore query={schedules} />
          <p className="field__hint">{ko.matching.selectHint}</p>
        </section>
        </div>
      )}
      {sheetMounted && (
        <Suspense fallback={null}>
          <PlaceMealsSheet
            place={openPlace}
            onClose={() => setOpenPlaceKey(null)}
            today={today}
            selectedId={selected?.id ?? null}
            myId={myId}
            pendingIds={pendingIds}
            onSelect={select}
            onShowAuthor={onShowAuthor}
            action={requestAction}
          />
        </Suspense>
      )}
      {filterMounted && (
        <Suspense fallback={null}>
          <MatchingFilterDialog open={filterOpen} onOpenChange={setFilterOpen} value={filter} onApply={setFilter} />
        </Suspense>
      )}
      {authorMounted && (
        <Suspense fallback={null}>
          <AuthorProfileDialog author={author} scheduleId={authorScheduleId} onOpenChange={(open) => !open && setAuthor(null)} />
        </Suspense>
      )}
      {guide.element}
    </div>
  );
}
