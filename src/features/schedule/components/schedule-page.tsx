import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { Venue } from '@common/api/venues';
import { venueCategoryLabel } from '@common/domain/categories';
import { addDaysIso, isInScheduleWindow, openHours, scheduleWindow, todayKst, type IsoDate } from '@common/domain/schedule';
import { Calendar } from '@/components/ui/calendar';
import { toast } from '@/components/ui/feedback-store';
import { QueryState } from '@/components/ui/load-state';
import { ToggleGroup } from '@/components/ui/toggle-group';
import { format, ko } from '@/i18n/ko';
import { monthDayLabel } from '@/lib/dates';
import { usePosition } from '@/lib/geolocation';
import { FALLBACK_RADIUS_M, levelForRadius } from '@/lib/maps';
import { useUrlState } from '@/lib/use-url-state';
import { mySchedulesOf, mySchedulesQuery } from '../api/get-my-schedules';
import { venuesQuery } from '../api/get-venues';
import { DEFAULT_VENUE_DISTANCE, groupByDate } from '../schedule-form';
import { AddScheduleDialog } from './add-schedule-dialog';
import { DaySchedulesDialog } from './day-schedules-dialog';
import { EditScheduleDialog } from './edit-schedule-dialog';
import { VenueFilter, type VenueFilterValue } from './venue-filter';
import { VenueList } from './venue-list';
import { VenueMap } from './venue-map';
import { VenueSheet } from './venue-sheet';
import './schedule.css';

const PHONE_VIEWS = [
  { value: 'list' as const, label: ko.mapView.list },
  { value: 'map' as const, label: ko.mapView.map },
];

interface SchedulePageProps {
  signedIn: boolean;
  /** SPEC §6: venue and schedule actions need a login ("로그인 후 이용해주세요" → /auth). */
  onLoginRequired: () => void;
}

const NO_VENUES: Venue[] = [];

/** A date from the address, when it is one the calendar offers. */
function windowDate(value: string | undefined): IsoDate | null {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) && isInScheduleWindow(value as IsoDate) ? (value as IsoDate) : null;
}

/**
 * 일정: the venue map with its filter and list, and the calendar of my schedules. Its dialogs are
 * part of the address (issue #14): `?day=<date>` my schedules that day, `?add=<date>` the add form,
 * `?edit=<id>` the edit form; Back closes them and a link opens them. A pin tap or a list choice
 * opens the venue's sheet (issue #31 item 3), whose 이 식당으로 약속 만들기 opens the add form with it.
 */
export function SchedulePage({ signedIn, onLoginRequired }: SchedulePageProps) {
  const [phoneView, setPhoneView] = useState<'list' | 'map'>('list');
  const today = todayKst();
  const bounds = scheduleWindow();
  const { position, settled } = usePosition();

  const [filter, setFilter] = useState<VenueFilterValue>({ categories: [], distance: DEFAULT_VENUE_DISTANCE });
  const radius = filter.distance ?? FALLBACK_RADIUS_M;
  const search = useMemo(() => ({ lat: position.lat, lng: position.lng, radius, categories: filter.categories }), [position, radius, filter.categories]);
  const venues = useQuery({ ...venuesQuery(search), enabled: signedIn && settled });
  const [venue, setVenue] = useState<Venue | null>(null);
  // Issue #31 item 3: a pin tap or a list choice opens the venue's sheet.
  const [sheetOpen, setSheetOpen] = useState(false);

  const mine = useInfiniteQuery({ ...mySchedulesQuery(), enabled: signedIn });
  // The calendar marks every day of mine (issue #19): follow the pages to the end (bounded by the window).
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = mine;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const mineList = useMemo(() => mySchedulesOf(mine.data), [mine.data]);
  const byDate = useMemo(() => groupByDate(mineList), [mineList]);
  const markedDays = useMemo(() => [...byDate.keys()], [byDate]);

  const [month, setMonth] = useState<IsoDate>(today);
  const [selectedDate, setSelectedDate] = useState<IsoDate | null>(null);
  const dayParam = useUrlState('day');
  const addParam = useUrlState('add');
  const editParam = useUrlState('edit');
  const dayOpen = windowDate(dayParam.value);
  const addDate = windowDate(addParam.value);
  const editing = useMemo(() => (editParam.value ? (mineList.find((s) => String(s.id) === editParam.value) ?? null) : null), [editParam.value, mineList]);

  function requireLogin(): boolean {
    if (signedIn) return true;
    toast.error(ko.schedule.loginFirst);
    onLoginRequired();
    return false;
  }

  /** A pin tap or a list choice: the venue is chosen (the add and edit forms use it) and its sheet opens. */
  function chooseVenue(v: Venue) {
    if (!requireLogin()) return;
    setVenue(v);
    setSheetOpen(true);
  }

  function onDayClick(date: IsoDate) {
    setSelectedDate(date);
    if ((byDate.get(date) ?? []).length > 0) dayParam.open(date);
  }

  /** The add form for `date` (the day dialog's date, else the selected one), over whatever is open. */
  function openAdd(date: IsoDate | null = selectedDate) {
    if (!requireLogin()) return;
    if (!date) {
      toast.error(ko.schedule.selectDate);
      return;
    }
    addParam.open(date);
  }

  /** The day 이 식당으로 약속 만들기 makes the meal for: the selected day, else today while hours are open, else tomorrow. */
  const sheetDate = selectedDate ?? (openHours(today).length > 0 ? today : addDaysIso(today, 1));

  /** 이 식당으로 약속 만들기: the sheet gives way to 일정 추가 with the venue on `sheetDate`. */
  function createAtVenue(v: Venue) {
    setVenue(v);
    setSheetOpen(false);
    setSelectedDate(sheetDate);
    openAdd(sheetDate);
  }

  const singleCategory = filter.categories.length === 1 ? filter.categories[0] : undefined;

  return (
    <div className="page schedule-page">
      <h1 className="page-heading">{ko.schedule.heading}</h1>
      <div className="schedule-layout">
        <div className={`schedule-layout__venues shows-${phoneView}`}>
          <VenueFilter value={filter} onChange={setFilter} />
          {/* Issue #18 item 5: on phones the list and the map take turns (both show from 992 px). */}
          <div className="venue-view-toggle">
            <ToggleGroup type="single" label={ko.mapView.toggleLabel} options={PHONE_VIEWS} value={phoneView} onChange={(v) => v && setPhoneView(v)} />
          </div>
          <VenueMap center={position} level={levelForRadius(filter.distance)} venues={venues.data ?? NO_VENUES} selectedId={venue?.id ?? null} onSelect={chooseVenue} />
          <VenueList venues={venues.data ?? NO_VENUES} query={venues} selectedId={venue?.id ?? null} onSelect={chooseVenue} />
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
          {mine.status === 'error' || mine.isRefetchError ? <QueryState query={mine} /> : null}
          <p className="selected-date" aria-live="polite">
            {selectedDate ? format(ko.schedule.selectedDate, { date: monthDayLabel(selectedDate) }) : ko.schedule.selectDate}
          </p>
          <button type="button" className="btn btn--primary btn--block" aria-haspopup="dialog" onClick={() => openAdd()}>
            {ko.schedule.add}
          </button>
        </section>
      </div>
      <VenueSheet venue={sheetOpen ? venue : null} onClose={() => setSheetOpen(false)} date={sheetDate} onCreate={createAtVenue} />
      <DaySchedulesDialog
        date={dayOpen}
        schedules={dayOpen ? (byDate.get(dayOpen) ?? []) : []}
        onOpenChange={(open) => !open && dayParam.close()}
        onEdit={(schedule) => editParam.open(schedule.id)}
        onAdd={() => openAdd(dayOpen)}
      />
      {addDate && (
        <AddScheduleDialog open onOpenChange={(open) => !open && addParam.close()} date={addDate} venue={venue} category={singleCategory} />
      )}
      <EditScheduleDialog schedule={editing} venue={venue} onOpenChange={(open) => !open && editParam.close()} />
    </div>
  );
}
