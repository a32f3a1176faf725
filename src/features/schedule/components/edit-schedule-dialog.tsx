import { useId, useRef, useState, type FormEvent } from 'react';
import type { Schedule } from '@common/api/schedules';
import { CAPACITY_MAX, SCHEDULE_TEXT_MAX } from '@common/domain/schedule';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/feedback-store';
import { Stepper } from '@/components/ui/stepper';
import { format, ko } from '@/i18n/ko';
import { errorMessage } from '@/lib/api-client';
import { updateSchedule } from '../api/update-schedule';
import { minCapacity } from '../schedule-form';

interface EditScheduleDialogProps {
  schedule: Schedule | null;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

/** "일정 수정": 내용 and 인원 (never below the current participants — SPEC §4), saved with PUT. */
export function EditScheduleDialog({ schedule, onOpenChange, onSaved }: EditScheduleDialogProps) {
  return (
    <Dialog open={schedule !== null} onOpenChange={onOpenChange} title={ko.schedule.editTitle}>
      {schedule && <EditForm key={schedule.id} schedule={schedule} onClose={() => onOpenChange(false)} onSaved={onSaved} />}
    </Dialog>
  );
}

function EditForm({ schedule, onClose, onSaved }: { schedule: Schedule; onClose: () => void; onSaved: () => void }) {
  const [text, setText] = useState(schedule.text);
  const min = minCapacity(schedule);
  const [capacity, setCapacity] = useState(Math.max(min, schedule.participants));
  const [pending, setPending] = useState(false);
  const submitting = useRef(false);
  const textId = useId();
  const hintId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    // SPEC §5: an edit with empty text does nothing.
    if (!trimmed || submitting.current) return;
    submitting.current = true;
    setPending(true);
    try {
      await updateSchedule(schedule.id, { text: trimmed, participants: Math.max(min, capacity) });
      toast.success(ko.schedule.updated);
      onSaved();
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, ko.schedule.updateFailed));
    } finally {
      submitting.current = false;
      setPending(false);
    }
  }

  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={textId} className="field__label">
          {ko.schedule.text}
        </label>
        <textarea id={textId} className="input" rows={3} maxLength={SCHEDULE_TEXT_MAX} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <Stepper
        label={ko.schedule.participants}
        value={capacity}
        min={min}
        max={CAPACITY_MAX}
        onChange={setCapacity}
        decrementLabel={ko.schedule.decrease}
        incrementLabel={ko.schedule.increase}
        formatValue={(n) => format(ko.schedule.peopleCount, { n })}
      />
      {schedule.currentParticipants > 2 && (
        <p id={hintId} className="field__hint">
          {format(ko.schedule.minParticipants, { n: schedule.currentParticipants })}
        </p>
      )}
      <div className="dialog-actions">
        <button type="submit" className="btn btn--primary" disabled={pending}>
          {ko.schedule.save}
        </button>
      </div>
    </form>
  );
}
