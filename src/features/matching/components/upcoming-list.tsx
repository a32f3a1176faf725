import type { Schedule, ScheduleAuthor } from '@common/api/schedules';
import { addDaysIso, type IsoDate } from '@common/domain/schedule';
import { koreanDate } from '@common/domain/korean-time';
import { ko } from '@/i18n/ko';
import { DayScheduleList } from './day-schedule-list';

/** A day's header in the upcoming list (issue #31 item 2): "오늘", "내일", else "11월 29일 (일)". */
export function dayHeader(date: IsoDate, today: IsoDate): string {
  if (date === today) return ko.upcoming.today;
  if (date === addDaysIso(today, 1)) return ko.upcoming.tomorrow;
  return koreanDate(date);
}

/** Consecutive runs of the same date, in the order given (the server's: soonest first). */
export function groupByDay(schedules: readonly Schedule[]): { date: IsoDate; items: Schedule[] }[] {
  const groups: { date: IsoDate; items: Schedule[] }[] = [];
  for (const s of schedules) {
    const last = groups[groups.length - 1];
    if (last && last.date === s.date) last.items.push(s);
    else groups.push({ date: s.date, items: [s] });
  }
  return groups;
}

interface UpcomingListProps {
  today: IsoDate;
  schedules: readonly Schedule[];
  selectedId: number | null;
  myId: number | null;
  pendingIds?: ReadonlySet<number>;
  onSelect: (schedule: Schedule) => void;
  onShowAuthor: (author: ScheduleAuthor, scheduleId: number) => void;
}

/**
 * 매칭's first view (issue #31 item 2): the meals of the next 21 days, soonest first, under day
 * headers; each day is the same selectable list as the calendar's day ("11월 29일 일정 목록").
 */
export function UpcomingList({ today, schedules, ...rest }: UpcomingListProps) {
  const groups = groupByDay(schedules);
  if (groups.length === 0) return <p className="empty-state">{ko.upcoming.empty}</p>;
  return (
    <div className="upcoming">
      {groups.map((group) => (
        <section key={group.date} className="upcoming__day" aria-labelledby={`upcoming-${group.date}`}>
          <h3 id={`upcoming-${group.date}`} className="upcoming__header">
            {dayHeader(group.date, today)}
          </h3>
          <DayScheduleList date={group.date} schedules={group.items} {...rest} />
        </section>
      ))}
    </div>
  );
}
