import type { Schedule, ScheduleAuthor } from '@common/api/schedules';
import { normaliseStatus } from '@common/domain/match-status';
import type { IsoDate } from '@common/domain/schedule';
import { Avatar } from '@/components/ui/avatar';
import { format, ko } from '@/i18n/ko';
import { hourLabel, monthDayLabel } from '@/lib/dates';

interface DayScheduleListProps {
  date: IsoDate;
  schedules: readonly Schedule[];
  selectedId: number | null;
  myId: number | null;
  /** Schedules whose match request waits in the outbox (issue #7): marked "전송 대기 중". */
  pendingIds?: ReadonlySet<number>;
  onSelect: (schedule: Schedule) => void;
  /** Opens the author's profile (with the schedule, which can be reported from there — issue #17). */
  onShowAuthor: (author: ScheduleAuthor, scheduleId: number) => void;
}

/** The chosen day's schedules: selectable buttons (`aria-pressed`) and the author's 프로필 button. */
export function DayScheduleList({ date, schedules, selectedId, myId, pendingIds, onSelect, onShowAuthor }: DayScheduleListProps) {
  const label = format(ko.matching.dayList, { date: monthDayLabel(date) });
  if (schedules.length === 0) {
    return <p className="empty-state">{ko.matching.dayEmpty}</p>;
  }
  return (
    <ul className="match-schedules" aria-label={label}>
      {schedules.map((s) => {
        // Issue #15: the server says when every seat is taken; older answers are read from the counts.
        const full = s.isFull ?? (s.currentParticipants ?? 1) >= s.participants;
        // Issue #28 item 2: where my newest request stands (신청함, 수락됨, 확정됨, 거절됨, 취소됨).
        const mine = normaliseStatus(s.myRequestStatus);
        return (
          <li key={s.id} id={`schedule-${s.id}`} className={s.id === selectedId ? 'match-schedule is-selected' : 'match-schedule'}>
            <button type="button" className="match-schedule__select" aria-pressed={s.id === selectedId} onClick={() => onSelect(s)}>
              <span className="match-schedule__place">{s.placeName}</span>{' '}
              <span className="match-schedule__hour">{hourLabel(s.time)}</span>{' '}
              <span className="match-schedule__text">{s.text}</span>{' '}
              <span className="match-schedule__meta">
                <span className="pill">{s.placeCategory}</span>{' '}
                <span className={full ? 'match-schedule__count is-full' : 'match-schedule__count'}>
                  {format(ko.matching.capacity, { current: s.currentParticipants ?? 1, capacity: s.participants })}
                </span>{' '}
                {full && <span className="pill pill--muted">{ko.matching.full}</span>}{' '}
                {mine && <span className={mine === 'REJECTED' || mine === 'CANCELLED' ? 'pill pill--muted' : 'pill pill--accent'}>{ko.matching.myStatus[mine]}</span>}{' '}
                {myId !== null && s.user?.id === myId && <span className="pill pill--accent">{ko.matching.mine}</span>}
                {pendingIds?.has(s.id) && <span className="pending-write__label">{ko.offlineUi.pending}</span>}
              </span>
            </button>
            {s.user && (
              <button type="button" className="match-schedule__author" onClick={() => onShowAuthor(s.user, s.id)}>
                <Avatar src={s.user.profileImage} alt="" size={32} />
                <span>{format(ko.matching.profileButton, { name: s.user.name })}</span>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
