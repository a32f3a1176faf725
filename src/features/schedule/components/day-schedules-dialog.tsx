import { useState } from 'react';
import type { Schedule } from '@common/api/schedules';
import type { IsoDate } from '@common/domain/schedule';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { Dialog } from '@/components/ui/dialog';
import { format, ko } from '@/i18n/ko';
import { hourLabel, monthDayLabel } from '@/lib/dates';
import { deleteSchedule } from '../api/delete-schedule';
import { EditScheduleDialog } from './edit-schedule-dialog';

interface DaySchedulesDialogProps {
  date: IsoDate | null;
  schedules: readonly Schedule[];
  onOpenChange: (open: boolean) => void;
  onChanged: () => void;
  onAdd: () => void;
}

/** "{M월 d일} 일정": my schedules that day, each with 수정 and 삭제. */
export function DaySchedulesDialog({ date, schedules, onOpenChange, onChanged, onAdd }: DaySchedulesDialogProps) {
  const [editing, setEditing] = useState<Schedule | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  async function remove(schedule: Schedule) {
    if (busy !== null) return;
    if (!(await confirmDialog(ko.schedule.confirmDelete))) return;
    setBusy(schedule.id);
    try {
      await deleteSchedule(schedule.id);
      toast.success(ko.schedule.deleted);
      onChanged();
    } catch {
      toast.error(ko.schedule.deleteFailed);
    } finally {
      setBusy(null);
    }
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
                <button type="button" className="btn btn--ghost btn--small" disabled={busy === s.id} onClick={() => setEditing(s)}>
                  {ko.schedule.edit}
                </button>
                <button type="button" className="btn btn--ghost btn--small btn--danger" disabled={busy === s.id} onClick={() => void remove(s)}>
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
      <EditScheduleDialog schedule={editing} onOpenChange={(open) => !open && setEditing(null)} onSaved={onChanged} />
    </Dialog>
  );
}
