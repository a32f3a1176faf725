import { useMemo } from 'react';
import { DayPicker, type Matcher } from 'react-day-picker';
import { ko as dayPickerKo } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import './calendar.css';
import type { IsoDate } from '@common/domain/schedule';
import { ko } from '@/i18n/ko';
import { isoToLocalDate, localDateToIso } from '@/lib/dates';

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
 * ", 일정 있음" on marked days.
 */
export function Calendar({ label, today, window, selected, onDayClick, month, onMonthChange, marked = [] }: CalendarProps) {
  const disabled = useMemo<Matcher[]>(
    () => [{ before: isoToLocalDate(window.first) }, { after: isoToLocalDate(window.last) }],
    [window.first, window.last],
  );
  const markedDates = useMemo(() => marked.map(isoToLocalDate), [marked]);
  const markedSet = useMemo(() => new Set(marked), [marked]);

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
        modifiers={{ marked: markedDates }}
        modifiersClassNames={{ marked: 'calendar__day--marked' }}
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
            const text = `${date.getDate()}, ${full}`;
            return markedSet.has(localDateToIso(date)) ? `${text}, ${ko.dates.hasSchedule}` : text;
          },
        }}
      />
    </div>
  );
}
