import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { Schedule } from '@common/api/schedules';
import type { Venue } from '@common/api/venues';
import { toFoodCategory } from '@common/domain/categories';
import { addDaysIso, CAPACITY_MAX, openHours, SCHEDULE_TEXT_MAX, SCHEDULE_WINDOW_DAYS, todayKst, type IsoDate } from '@common/domain/schedule';
import { FOOD_CATEGORIES } from '@common/domain/vocabulary';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/feedback-store';
import { FormField } from '@/components/ui/form-field';
import { Stepper } from '@/components/ui/stepper';
import { format, ko } from '@/i18n/ko';
import { errorMessage, isApiError } from '@/lib/api-client';
import { koreanDate } from '@/lib/dates';
import { applyServerFieldError, koreanResolver } from '@/lib/forms/korean-resolver';
import { useWrite } from '@/lib/query/writes';
import { invalidates, updateSchedule } from '@/shared/mutations/use-update-schedule';
import { editFormDefaults, EditScheduleForm, minCapacity, SCHEDULE_FIELD_LABELS, SCHEDULE_FIELD_MESSAGES, toUpdateBody, type EditScheduleValues } from '../schedule-form';
import { HourOptions } from './hour-options';

interface EditScheduleDialogProps {
  schedule: Schedule | null;
  onOpenChange: (open: boolean) => void;
  onSaved?: () => void;
  /** The venue chosen on the page's map or list: offered as the new place (issue #28 item 4). */
  venue?: Venue | null;
  /** Clock for the dates and the hours still open today (tests). */
  now?: () => Date;
}

const FIELDS = ['date', 'time', 'text', 'participants', 'placeName', 'placeCategory'] as const;
const resolver = koreanResolver<EditScheduleValues>(EditScheduleForm, SCHEDULE_FIELD_LABELS, SCHEDULE_FIELD_MESSAGES);
const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/**
 * "일정 수정": 내용 and 인원 (never below the current participants — SPEC §4), and moving the meal
 * (issue #28 item 4): 날짜, 시간 (today's started hours hidden, as in the add form), 장소 and 음식 종류,
 * or the venue chosen on the map. Saved with PUT; accepted guests are told by the server.
 */
export function EditScheduleDialog({ schedule, onOpenChange, onSaved, venue = null, now = () => new Date() }: EditScheduleDialogProps) {
  return (
    <Dialog open={schedule !== null} onOpenChange={onOpenChange} title={ko.schedule.editTitle}>
      {schedule && <EditForm key={schedule.id} schedule={schedule} venue={venue} now={now} onClose={() => onOpenChange(false)} onSaved={onSaved} />}
    </Dialog>
  );
}

interface EditFormProps {
  schedule: Schedule;
  venue: Venue | null;
  now: () => Date;
  onClose: () => void;
  onSaved?: () => void;
}

function EditForm({ schedule, venue, now, onClose, onSaved }: EditFormProps) {
  const min = minCapacity(schedule);
  const { register, control, handleSubmit, setError, setValue, formState } = useForm<EditScheduleValues>({
    resolver,
    defaultValues: editFormDefaults(schedule, min),
  });
  const { errors } = formState;
  const date = useWatch({ control, name: 'date' });
  const time = useWatch({ control, name: 'time' });
  const placeName = useWatch({ control, name: 'placeName' });
  // The dates the calendar offers (today … +21, KST), and the meal's own date even if it left the window.
  const dates = useMemo(() => {
    const today = todayKst(now());
    const list = Array.from({ length: SCHEDULE_WINDOW_DAYS + 1 }, (_, i) => addDaysIso(today, i));
    return list.includes(schedule.date) ? list : [schedule.date, ...list];
  }, [now, schedule.date]);
  // Today's hours that have started are not offered (the server refuses them with a 400).
  const hours = openHours(date as IsoDate, now());
  const noHours = hours.length === 0;
  // A new date may not offer the chosen hour (today's started ones): take the first open one.
  useEffect(() => {
    if (hours.length > 0 && !hours.includes(time)) setValue('time', hours[0]!);
  }, [hours, time, setValue]);
  const usingVenue = venue !== null && venue.place_name.slice(0, 100) === placeName;

  // My calendar, the matching window, and the requests on it show the new time, place, text and seats.
  const update = useWrite({ mutationFn: (values: EditScheduleValues) => updateSchedule(schedule.id, toUpdateBody(schedule, values, min, usingVenue ? venue : null)), invalidates });

  async function onSubmit(values: EditScheduleValues) {
    if (update.isPending) return;
    try {
      await update.mutateAsync(values);
      toast.success(ko.schedule.updated);
      onSaved?.();
      onClose();
    } catch (error) {
      if (applyServerFieldError(error, FIELDS, (name, e, o) => setError(name, e, { shouldFocus: o?.shouldFocus ?? true }))) return;
      // The hour started while the dialog was open: the server's 400 goes under 시간.
      if (isApiError(error) && error.code === 'PAST_HOUR') {
        setError('time', { type: 'server', message: error.serverMessage }, { shouldFocus: true });
        return;
      }
      toast.error(errorMessage(error, ko.schedule.updateFailed));
    }
  }

  function takeChosenVenue() {
    if (!venue) return;
    setValue('placeName', venue.place_name.slice(0, 100), { shouldDirty: true });
    setValue('placeCategory', toFoodCategory(venue.category_name), { shouldDirty: true });
  }

  const hint = schedule.currentParticipants > 2 ? format(ko.schedule.minParticipants, { n: schedule.currentParticipants }) : undefined;
  const busy = formState.isSubmitting || update.isPending;
  return (
    <form className="form-stack" onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate>
      {schedule.currentParticipants > 1 && <p className="field__hint">{ko.schedule.moveNotice}</p>}
      <FormField label={ko.schedule.date} error={errors.date?.message}>
        {(field) => (
          <select className="input" {...field} {...register('date')}>
            {dates.map((d) => (
              <option key={d} value={d}>
                {koreanDate(d)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={ko.schedule.time} error={errors.time?.message ?? (noHours ? ko.schedule.noHoursToday : undefined)}>
        {(field) => (
          <select className="input" {...field} disabled={noHours} {...register('time', { valueAsNumber: true })}>
            <HourOptions hours={hours} />
          </select>
        )}
      </FormField>
      <FormField label={ko.schedule.place} error={errors.placeName?.message}>
        {(field) => <input className="input" maxLength={100} {...field} {...register('placeName', { setValueAs: trim })} />}
      </FormField>
      {venue && !usingVenue && (
        <button type="button" className="btn btn--ghost btn--small" onClick={takeChosenVenue}>
          {ko.schedule.useChosenVenue}: {venue.place_name}
        </button>
      )}
      <FormField label={ko.schedule.category} error={errors.placeCategory?.message}>
        {(field) => (
          <select className="input" {...field} {...register('placeCategory')}>
            {FOOD_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        )}
      </FormField>
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
        <button type="submit" className="btn btn--primary" disabled={busy || noHours}>
          {ko.schedule.save}
        </button>
      </div>
    </form>
  );
}
