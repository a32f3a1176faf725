import { useMemo, useState } from 'react';
import type { Schedule } from '@common/api/schedules';
import type { Venue } from '@common/api/venues';
import { venueCategoryLabel } from '@common/domain/categories';
import { scheduleWindow, todayKst, type IsoDate } from '@common/domain/schedule';
import { Calendar } from '@/components/ui/calendar';
import { toast } from '@/components/ui/feedback-store';
import { LoadState } from '@/components/ui/load-state';
import { format, ko } from '@/i18n/ko';
import { monthDayLabel } from '@/lib/dates';
import { usePosition } from '@/lib/geolocation';
import { FALLBACK_RADIUS_M, levelForRadius } from '@/lib/maps';
import { useResource } from '@/lib/use-resource';
import { getMySchedules } from '../api/get-my-schedules';
import { getVenues } from '../api/get-venues';
import { DEFAULT_VENUE_DISTANCE, groupByDate } from '../schedule-form';
import { AddScheduleDialog } from './add-schedule-dialog';
import { DaySchedulesDialog } from './day-schedules-dialog';
import { VenueFilter, type VenueFilterValue } from './venue-filter';
import { VenueList } from './venue-list';
import { VenueMap } from './venue-map';
import './schedule.css';

interface SchedulePageProps {
  signedIn: boolean;
  /** SPEC §6: venue and schedule actions need a login ("로그인 후 이용해주세요" → /auth). */
  onLoginRequired: () => void;
}

const NO_SCHEDULES: Schedule[] = [];
const NO_VENUES: Venue[] = [];

/** 일정: the venue map with its filter and list, and the calendar of my schedules. */
export function SchedulePage({ signedIn, onLoginRequired }: SchedulePageProps) {
  const today = todayKst();
  const bounds = scheduleWindow();
  const { position, settled } = usePosition();

  const [filter, setFilter] = useState<VenueFilterValue>({ categories: [], distance: DEFAULT_VENUE_DISTANCE });
  const radius = filter.distance ?? FALLBACK_RADIUS_M;
  const search = useMemo(() => ({ lat: position.lat, lng: position.lng, radius, categories: filter.categories }), [position, radius, filter.categories]);
  const venues = useResource((signal) => getVenues(search, signal), NO_VENUES, search, signedIn && settled);
  const [venue, setVenue] = useState<Venue | null>(null);

  const mine = useResource(getMySchedules, NO_SCHEDULES, null, signedIn);
  const byDate = useMemo(() => groupByDate(mine.data), [mine.data]);
  const markedDays = useMemo(() => [...byDate.keys()], [byDate]);

  const [month, setMonth] = useState<IsoDate>(today);
  const [selectedDate, setSelectedDate] = useState<IsoDate | null>(null);
  const [dayOpen, setDayOpen] = useState<IsoDate | null>(null);
  const [adding, setAdding] = useState(false);

  function requireLogin(): boolean {
    if (signedIn) return true;
    toast.error(ko.schedule.loginFirst);
    onLoginRequired();
    return false;
  }

  function chooseVenue(v: Venue) {
    if (!requireLogin()) return;
    setVenue((current) => (current?.id === v.id ? null : v));
  }

  function onDayClick(date: IsoDate) {
    setSelectedDate(date);
    if ((byDate.get(date) ?? []).length > 0) setDayOpen(date);
  }

  function openAdd() {
    if (!requireLogin()) return;
    if (!selectedDate) {
      toast.error(ko.schedule.selectDate);
      return;
    }
    setDayOpen(null);
    setAdding(true);
  }

  const singleCategory = filter.categories.length === 1 ? filter.categories[0] : undefined;

  return (
    <div className="page schedule-page">
      <h1 className="page-heading">{ko.schedule.heading}</h1>
      <div className="schedule-layout">
        <div className="schedule-layout__venues">
          <VenueFilter value={filter} onChange={setFilter} />
          <VenueMap center={position} level={levelForRadius(filter.distance)} venues={venues.data} selectedId={venue?.id ?? null} onSelect={chooseVenue} />
          <VenueList venues={venues.data} status={settled ? venues.status : 'loading'} onRetry={() => void venues.reload()} selectedId={venue?.id ?? null} onSelect={chooseVenue} />
        </div>
        <section className="card schedule-layout__calendar" aria-labelledby="my-schedules-heading">
          <h2 id="my-schedules-heading" className="card__title">
            {ko.schedule.mine}
          </h2>
          <div className="chosen-venue" aria-live="polite">
            {venue ? (
              <p>
                <span className="chosen-venue__label">{ko.schedule.venueChosen}</span> <strong>{venue.place_name}</strong> · {venueCategoryLabel(venue.category_name)}{' '}
                <button type="button" className="btn--link" onClick={() => setVenue(null)}>
                  {ko.schedule.clearVenue}
                </button>
              </p>
            ) : (
              <p className="field__hint">{ko.schedule.noVenueChosen}</p>
            )}
          </div>
          <Calendar
            label={ko.schedule.calendar}
            today={today}
            window={bounds}
            selected={selectedDate}
            onDayClick={onDayClick}
            month={month}
            onMonthChange={setMonth}
            marked={markedDays}
          />
          <LoadState status={mine.status === 'error' ? 'error' : 'ready'} onRetry={() => void mine.reload()} />
          <p className="selected-date" aria-live="polite">
            {selectedDate ? format(ko.schedule.selectedDate, { date: monthDayLabel(selectedDate) }) : ko.schedule.selectDate}
          </p>
          <button type="button" className="btn btn--primary btn--block" onClick={openAdd}>
            {ko.schedule.add}
          </button>
        </section>
      </div>
      {selectedDate && (
        <AddScheduleDialog
          open={adding}
          onOpenChange={setAdding}
          date={selectedDate}
          venue={venue}
          category={singleCategory}
          onCreated={() => void mine.reload()}
        />
      )}
      <DaySchedulesDialog
        date={dayOpen}
        schedules={dayOpen ? (byDate.get(dayOpen) ?? []) : []}
        onOpenChange={(open) => !open && setDayOpen(null)}
        onChanged={() => void mine.reload()}
        onAdd={openAdd}
      />
    </div>
  );
}
