import { useState } from 'react';
import type { Schedule } from '@common/api/schedules';
import { LATE_CANCEL_HOURS } from '@common/domain/match-status';
import type { IsoDate } from '@common/domain/schedule';
import { CancelReasonDialog, isLateCancel } from '@/shared/components/cancel-reason-dialog';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { Dialog } from '@/components/ui/dialog';
import { format, ko } from '@/i18n/ko';
import { hourLabel, monthDayLabel } from '@/lib/dates';
import { useNow } from '@/lib/use-now';
import { useWrite } from '@/lib/query/writes';
import { deleteSchedule, invalidates } from '@/shared/mutations/use-delete-schedule';

interface DaySchedulesDialogProps {
  date: IsoDate | null;
  schedules: readonly Schedule[];
  onOpenChange: (open: boolean) => void;
  /** 수정: the page opens the edit dialog over this one (`?edit=<id>`). */
  onEdit: (schedule: Schedule) => void;
  onAdd: () => void;
}

/** Whether a schedule has seated guests (accepted or confirmed; `currentParticipants` counts the host). */
export const hasSeatedGuests = (schedule: Pick<Schedule, 'currentParticipants'>) => (schedule.currentParticipants ?? 1) > 1;

/** From when deleting it cancels late for its guests (issue #28 item 3): the start − LATE_CANCEL_HOURS. */
export const lateCancelFromOf = (schedule: Pick<Schedule, 'startsAt'>) => new Date(Date.parse(schedule.startsAt) - LATE_CANCEL_HOURS * 3_600_000).toISOString();

/**
 * "{M월 d일} 일정": my schedules that day, each with 수정 and 삭제. Deleting one with seated guests asks
 * for a reason with the cancel chooser and warns when it will be recorded as late (issue #28 item 3).
 */
export function DaySchedulesDialog({ date, schedules, onOpenChange, onEdit, onAdd }: DaySchedulesDialogProps) {
  const now = useNow();
  const [withGuests, setWithGuests] = useState<Schedule | null>(null);
  // Gone from my calendar, the matching window and the requests on it (the requesters hear it live).
  const remove = useWrite({
    mutationFn: ({ schedule, reason }: { schedule: Schedule; reason?: string }) => deleteSchedule(schedule.id, reason),
    invalidates,
  }, {
    onSuccess: () => {
      setWithGuests(null);
      toast.success(ko.schedule.deleted);
    },
    onError: () => toast.error(ko.schedule.deleteFailed),
  });
  const busy = remove.isPending ? (remove.variables?.schedule.id ?? null) : null;

  async function confirmRemove(schedule: Schedule) {
    if (remove.isPending) return;
    if (hasSeatedGuests(schedule)) return setWithGuests(schedule);
    if (!(await confirmDialog(ko.schedule.deleteTitle, { danger: true, confirmLabel: ko.feedback.delete }))) return;
    remove.mutate({ schedule });
  }

  const title = date ? format(ko.schedule.dayDialog, { date: monthDayLabel(date) }) : '';
  return (
    <Dialog open={date !== null} onOpenChange={onOpenChange} title={title}>
      {schedules.length === 0 ? (
        <p className="empty-state">{ko.schedule.dayEmpty}</p>
      ) : (
        <ul className="my-schedules">
          {schedules.map((s) => (
            <li key={s.id} className="my-schedule">
              <div className="my-schedule__head">
                <strong>{hourLabel(s.time)}</strong>
                <span>{s.placeName}</span>
                <span className="pill">{s.placeCategory}</span>
              </div>
              <p className="my-schedule__text">{s.text}</p>
              <p className="my-schedule__meta">
                {ko.schedule.participants} {format(ko.schedule.capacity, { current: s.currentParticipants ?? 1, capacity: s.participants })}
              </p>
              <div className="my-schedule__actions">
                <button type="button" className="btn btn--ghost btn--small" disabled={busy === s.id} onClick={() => onEdit(s)}>
                  {ko.schedule.edit}
                </button>
                <button type="button" className="btn btn--ghost btn--small btn--danger" disabled={busy === s.id} onClick={() => void confirmRemove(s)}>
                  {ko.schedule.delete}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn--primary" onClick={onAdd}>
          {ko.schedule.add}
        </button>
      </div>
      <CancelReasonDialog
        open={withGuests !== null}
        onOpenChange={(open) => !open && setWithGuests(null)}
        title={ko.schedule.deleteTitle}
        notice={ko.schedule.deleteGuestsNotice}
        late={withGuests !== null && isLateCancel(lateCancelFromOf(withGuests), now)}
        submitLabel={ko.schedule.deleteSubmit}
        pending={remove.isPending}
        onSubmit={(reason) => withGuests && !remove.isPending && remove.mutate({ schedule: withGuests, reason })}
      />
    </Dialog>
  );
}
