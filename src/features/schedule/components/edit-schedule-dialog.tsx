import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import type { Schedule } from '@common/api/schedules';
import { CAPACITY_MAX, SCHEDULE_TEXT_MAX } from '@common/domain/schedule';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/feedback-store';
import { FormField } from '@/components/ui/form-field';
import { Stepper } from '@/components/ui/stepper';
import { format, ko } from '@/i18n/ko';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldError, koreanResolver } from '@/lib/forms/korean-resolver';
import { queryRoots } from '@/lib/query/keys';
import { updateSchedule } from '../api/update-schedule';
import { EditScheduleForm, minCapacity, SCHEDULE_FIELD_LABELS, SCHEDULE_FIELD_MESSAGES, type EditScheduleValues } from '../schedule-form';

interface EditScheduleDialogProps {
  schedule: Schedule | null;
  onOpenChange: (open: boolean) => void;
  onSaved?: () => void;
}

const FIELDS = ['text', 'participants'] as const;
const resolver = koreanResolver<EditScheduleValues>(EditScheduleForm, SCHEDULE_FIELD_LABELS, SCHEDULE_FIELD_MESSAGES);
const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** "일정 수정": 내용 and 인원 (never below the current participants — SPEC §4), saved with PUT. */
export function EditScheduleDialog({ schedule, onOpenChange, onSaved }: EditScheduleDialogProps) {
  return (
    <Dialog open={schedule !== null} onOpenChange={onOpenChange} title={ko.schedule.editTitle}>
      {schedule && <EditForm key={schedule.id} schedule={schedule} onClose={() => onOpenChange(false)} onSaved={onSaved} />}
    </Dialog>
  );
}

function EditForm({ schedule, onClose, onSaved }: { schedule: Schedule; onClose: () => void; onSaved?: () => void }) {
  const queryClient = useQueryClient();
  const min = minCapacity(schedule);
  const { register, control, handleSubmit, setError, formState } = useForm<EditScheduleValues>({
    resolver,
    defaultValues: { text: schedule.text, participants: Math.max(min, schedule.participants) },
  });
  const { errors } = formState;

  const update = useMutation({
    mutationFn: (values: EditScheduleValues) => updateSchedule(schedule.id, { text: values.text.trim(), participants: Math.max(min, values.participants) }),
    // My calendar and the matching window show the new text and seats.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.schedules }),
  });

  async function onSubmit(values: EditScheduleValues) {
    if (update.isPending) return;
    try {
      await update.mutateAsync(values);
      toast.success(ko.schedule.updated);
      onSaved?.();
      onClose();
    } catch (error) {
      if (!applyServerFieldError(error, FIELDS, (name, e, o) => setError(name, e, { shouldFocus: o?.shouldFocus ?? true }))) toast.error(errorMessage(error, ko.schedule.updateFailed));
    }
  }

  const hint = schedule.currentParticipants > 2 ? format(ko.schedule.minParticipants, { n: schedule.currentParticipants }) : undefined;
  return (
    <form className="form-stack" onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate>
      <FormField label={ko.schedule.text} error={errors.text?.message}>
        {(field) => <textarea className="input" rows={3} maxLength={SCHEDULE_TEXT_MAX} {...field} {...register('text', { setValueAs: trim })} />}
      </FormField>
      <Controller
        control={control}
        name="participants"
        render={({ field, fieldState }) => (
          <>
            <Stepper
              label={ko.schedule.participants}
              value={field.value}
              min={min}
              max={CAPACITY_MAX}
              onChange={field.onChange}
              decrementLabel={ko.schedule.decrease}
              incrementLabel={ko.schedule.increase}
              formatValue={(n) => format(ko.schedule.peopleCount, { n })}
            />
            {fieldState.error?.message && <p className="field__error">{fieldState.error.message}</p>}
          </>
        )}
      />
      {hint && <p className="field__hint">{hint}</p>}
      <div className="dialog-actions">
        <button type="submit" className="btn btn--primary" disabled={formState.isSubmitting || update.isPending}>
          {ko.schedule.save}
        </button>
      </div>
    </form>
  );
}
