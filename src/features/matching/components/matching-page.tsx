import { useEffect, useMemo, useRef, useState } from 'react';
import type { Schedule, ScheduleAuthor } from '@common/api/schedules';
import { isInScheduleWindow, scheduleWindow, todayKst, type IsoDate } from '@common/domain/schedule';
import { Calendar } from '@/components/ui/calendar';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { LoadState } from '@/components/ui/load-state';
import { format, ko } from '@/i18n/ko';
import { isApiError } from '@/lib/api-client';
import { monthDayLabel, whenLabel } from '@/lib/dates';
import { formatDistance } from '@/lib/geo';
import { onOutboxSent, useOutbox } from '@/lib/outbox';
import { usePosition } from '@/lib/geolocation';
import { useResource } from '@/lib/use-resource';
import { getRandomSchedule } from '../api/get-random-schedule';
import { getSchedules } from '../api/get-schedules';
import { requestMatch } from '../api/request-match';
import { applyMatchingFilter, DEFAULT_MATCHING_FILTER, isFilterActive, type MatchingFilter } from '../filter';
import { AuthorProfileDialog } from './author-profile-dialog';
import { DayScheduleList } from './day-schedule-list';
import { MatchingFilterDialog } from './matching-filter-dialog';
import './matching.css';

interface MatchingPageProps {
  /** The signed-in member (own schedules cannot be requested). */
  myId: number | null;
}

const NO_SCHEDULES: Schedule[] = [];

/** 매칭: the calendar of everyone's schedules, the chosen day's list, filter, random match, request. */
export function MatchingPage({ myId }: MatchingPageProps) {
  const today = todayKst();
  const bounds = scheduleWindow();
  const { position } = usePosition();
  const schedules = useResource(getSchedules, NO_SCHEDULES);

  const [filter, setFilter] = useState<MatchingFilter>(DEFAULT_MATCHING_FILTER);
  const [filterOpen, setFilterOpen] = useState(false);
  const [month, setMonth] = useState<IsoDate>(today);
  const [day, setDay] = useState<IsoDate>(today);
  const [selected, setSelected] = useState<Schedule | null>(null);
  const [author, setAuthor] = useState<ScheduleAuthor | null>(null);
  const [randomPending, setRandomPending] = useState(false);
  const [requestPending, setRequestPending] = useState(false);
  const busy = useRef(false);
  // Match requests waiting in the outbox (issue #7) are marked; once one is sent the list reloads.
  const outboxEntries = useOutbox((s) => s.entries);
  const pendingIds = useMemo(() => new Set(outboxEntries.filter((e) => e.kind === 'match-request' && !e.failure).map((e) => Number(e.scope))), [outboxEntries]);
  const reload = schedules.reload;
  useEffect(() => onOutboxSent((entry) => entry.kind === 'match-request' && void reload()), [reload]);

  const filtered = useMemo(() => applyMatchingFilter(schedules.data, filter, position), [schedules.data, filter, position]);
  const markedDays = useMemo(() => [...new Set(filtered.map((s) => s.date))], [filtered]);
  const dayList = useMemo(() => {
    const list = filtered.filter((s) => s.date === day);
    // A schedule chosen by random match stays visible even when the filter would hide it.
    if (selected && selected.date === day && !list.some((s) => s.id === selected.id)) list.push(selected);
    return list.sort((a, b) => a.time - b.time || a.id - b.id);
  }, [filtered, day, selected]);

  function selectDay(date: IsoDate) {
    setDay(date);
    if (selected && selected.date !== date) setSelected(null);
  }

  function select(schedule: Schedule) {
    setSelected((current) => (current?.id === schedule.id ? null : schedule));
  }

  async function randomMatch() {
    if (busy.current) return;
    busy.current = true;
    setRandomPending(true);
    try {
      const schedule = await getRandomSchedule();
      if (!schedule || typeof schedule !== 'object' || !isInScheduleWindow(schedule.date)) throw new Error('unexpected random answer');
      setSelected(schedule);
      setDay(schedule.date);
      setMonth(schedule.date);
      requestAnimationFrame(() => document.getElementById(`schedule-${schedule.id}`)?.scrollIntoView?.({ block: 'nearest' }));
    } catch (error) {
      if (isApiError(error) && error.status === 404) toast.error(ko.matching.noPartner);
      else if (isApiError(error) && error.serverMessage) toast.error(format(ko.matching.randomFailed, { message: error.serverMessage }));
      else toast.error(ko.matching.randomError);
    } finally {
      busy.current = false;
      setRandomPending(false);
    }
  }

  async function request() {
    if (busy.current) return;
    if (!selected) {
      toast.error(ko.matching.selectSchedule);
      return;
    }
    if (myId !== null && selected.user?.id === myId) {
      toast.error(ko.matching.ownSchedule);
      return;
    }
    if (pendingIds.has(selected.id)) {
      toast.info(ko.offlineUi.queued);
      return;
    }
    busy.current = true;
    try {
      if (!(await confirmDialog(ko.matching.confirmRequest))) return;
      setRequestPending(true);
      const result = await requestMatch(selected.id, `${selected.placeName} ${whenLabel(selected.date, selected.time)}`);
      if (result.queued) toast.info(ko.offlineUi.queued);
      else {
        toast.success(result.text || ko.serverText.requested);
        void schedules.reload();
      }
    } catch (error) {
      if (isApiError(error) && error.serverMessage) toast.error(format(ko.matching.requestFailed, { message: error.serverMessage }));
      else toast.error(ko.matching.requestError);
    } finally {
      busy.current = false;
      setRequestPending(false);
    }
  }

  const active = isFilterActive(filter);
  return (
    <div className="page matching-page">
      <h1 className="page-heading">{ko.matching.heading}</h1>
      <div className="matching-toolbar">
        <button type="button" className="btn btn--ghost" aria-haspopup="dialog" onClick={() => setFilterOpen(true)}>
          {ko.matching.filter}
        </button>
        {active && (
          <span className="matching-toolbar__hint">
            {ko.matching.filterActive}: {[...filter.categories, format(ko.matching.distanceLabel, { distance: formatDistance(filter.distance) })].join(', ')}
          </span>
        )}
        <span className="matching-toolbar__spacer" />
        <button type="button" className="btn btn--secondary" onClick={() => void randomMatch()} disabled={randomPending}>
          {ko.matching.randomMatch}
        </button>
        <button type="button" className="btn btn--primary" onClick={() => void request()} disabled={requestPending}>
          {ko.matching.requestMatch}
        </button>
      </div>
      <div className="matching-layout">
        <section className="card">
          <Calendar label={ko.matching.calendar} today={today} window={bounds} selected={day} onDayClick={selectDay} month={month} onMonthChange={setMonth} marked={markedDays} />
        </section>
        <section className="card" aria-labelledby="matching-day-heading">
          <h2 id="matching-day-heading" className="card__title">
            {format(ko.schedule.dayDialog, { date: monthDayLabel(day) })}
          </h2>
          {schedules.status === 'ready' || (schedules.status === 'loading' && schedules.data.length > 0) ? (
            <DayScheduleList date={day} schedules={dayList} selectedId={selected?.id ?? null} myId={myId} pendingIds={pendingIds} onSelect={select} onShowAuthor={setAuthor} />
          ) : (
            <LoadState status={schedules.status} onRetry={() => void schedules.reload()} />
          )}
          <p className="field__hint">{ko.matching.selectHint}</p>
        </section>
      </div>
      <MatchingFilterDialog open={filterOpen} onOpenChange={setFilterOpen} value={filter} onApply={setFilter} />
      <AuthorProfileDialog author={author} onOpenChange={(open) => !open && setAuthor(null)} />
    </div>
  );
}
