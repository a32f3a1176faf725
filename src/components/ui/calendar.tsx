import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DayButton, DayPicker, type DayButtonProps, type Matcher } from 'react-day-picker';
import { ko as dayPickerKo } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import './calendar.css';
import type { IsoDate } from '@common/domain/schedule';
import { ko } from '@/i18n/ko';
import { isoToLocalDate, localDateToIso } from '@/lib/dates';
import { holidaysQuery, type HolidayMap } from '@/lib/holidays';

interface CalendarProps {
  /** Accessible name of the calendar. */
  label: string;
  /** KST today (common/domain/schedule `todayKst`). */
  today: IsoDate;
  /** Only first…last can be picked; every other day is greyed and disabled (SPEC §5). */
  window: { first: IsoDate; last: IsoDate };
  selected: IsoDate | null;
  /** Called whenever an enabled day is clicked (also the day already selected). */
  onDayClick: (date: IsoDate) => void;
  /** The shown month: any day in it. */
  month: IsoDate;
  onMonthChange: (month: IsoDate) => void;
  /** Days that carry a marker (e.g. days with schedules). */
  marked?: readonly IsoDate[];
}

/**
 * react-day-picker in Korean with our month buttons "이전 달" / "다음 달". Day buttons are named
 * by the visible number, then the library's Korean date ("23, 2026년 11월 23일 월요일"), with
 * ", 일정 있음" on marked days. Issue #18: Saturdays blue, Sundays and public holidays red; a
 * holiday's name ends the button's name and is its tooltip ("…, 성탄절").
 */
export function Calendar({ label, today, window, selected, onDayClick, month, onMonthChange, marked = [] }: CalendarProps) {
  const disabled = useMemo<Matcher[]>(
    () => [{ before: isoToLocalDate(window.first) }, { after: isoToLocalDate(window.last) }],
    [window.first, window.last],
  );
  const markedDates = useMemo(() => marked.map(isoToLocalDate), [marked]);
  const markedSet = useMemo(() => new Set(marked), [marked]);
  const { data: holidays = NO_HOLIDAYS } = useQuery(holidaysQuery(month.slice(0, 4)));
  const holidayDates = useMemo(() => Object.keys(holidays).map(isoToLocalDate), [holidays]);
  // One component type per holiday map (a new type each render would remount the buttons and lose focus).
  const components = useMemo(() => ({ DayButton: (props: DayButtonProps) => <HolidayDayButton {...props} holidays={holidays} /> }), [holidays]);

  return (
    <div className="calendar" role="group" aria-label={label}>
      <DayPicker
        mode="single"
        required
        locale={dayPickerKo}
        today={isoToLocalDate(today)}
        selected={selected ? isoToLocalDate(selected) : undefined}
        onSelect={() => undefined}
        onDayClick={(date, modifiers) => {
          if (!modifiers.disabled) onDayClick(localDateToIso(date));
        }}
        month={isoToLocalDate(month)}
        onMonthChange={(m) => onMonthChange(localDateToIso(m))}
        disabled={disabled}
        modifiers={{ marked: markedDates, saturday: { dayOfWeek: [6] }, sunday: { dayOfWeek: [0] }, holiday: holidayDates }}
        modifiersClassNames={{
          marked: 'calendar__day--marked',
          saturday: 'calendar__day--saturday',
          sunday: 'calendar__day--sunday',
          holiday: 'calendar__day--holiday',
        }}
        components={components}
        showOutsideDays={false}
        labels={{
          labelPrevious: () => ko.matching.prevMonth,
          labelNext: () => ko.matching.nextMonth,
          labelDayButton: (date, modifiers, options, dateLib) => {
            const base = dayPickerKo.labels?.labelDayButton;
            const full = typeof base === 'function' ? base(date, modifiers, options, dateLib) : date.toDateString();
            // The name starts with the visible day number as a word of its own ("23, 2026년 11월
            // 23일 월요일"): WCAG 2.5.3 label in name, so "23" works for voice control (axe
            // label-content-name-mismatch; "23일" alone is a different word).
            const iso = localDateToIso(date);
            const names = holidays[iso];
            const text = `${date.getDate()}, ${full}${names ? `, ${names.join(', ')}` : ''}`;
            return markedSet.has(iso) ? `${text}, ${ko.dates.hasSchedule}` : text;
          },
        }}
      />
    </div>
  );
}

const NO_HOLIDAYS: HolidayMap = {};

/** The library's day button with the holiday's name as its tooltip. */
function HolidayDayButton({ holidays, ...props }: DayButtonProps & { holidays: HolidayMap }) {
  const names = holidays[localDateToIso(props.day.date)];
  return <DayButton {...props} title={names ? names.join(', ') : undefined} />;
}
