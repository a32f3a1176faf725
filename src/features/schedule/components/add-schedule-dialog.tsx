import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Venue } from '@common/api/venues';
import { venueCategoryLabel } from '@common/domain/categories';
import { CAPACITY_MAX, CAPACITY_MIN, openHours, SCHEDULE_TEXT_MAX, type IsoDate } from '@common/domain/schedule';
import { FOOD_CATEGORIES, OTHER_FOOD_CATEGORY, type FoodCategory } from '@common/domain/vocabulary';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/feedback-store';
import { FormField } from '@/components/ui/form-field';
import { Stepper } from '@/components/ui/stepper';
import { format, ko } from '@/i18n/ko';
import { errorMessage, isApiError } from '@/lib/api-client';
import { monthDayLabel } from '@/lib/dates';
import { applyServerFieldError, koreanResolver } from '@/lib/forms/korean-resolver';
import { useCreateSchedule } from '../api/use-create-schedule';
import { addFormDefaults, AddScheduleForm, SCHEDULE_FIELD_LABELS, SCHEDULE_FIELD_MESSAGES, toCreateBody, type AddScheduleValues } from '../schedule-form';
import { HourOptions } from './hour-options';

interface AddScheduleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  date: IsoDate;
  venue: Venue | null;
  /** Food type to start with when no venue was chosen. */
  category?: FoodCategory;
  onCreated?: () => void;
  /** Clock for the default hour and the hours still open today (tests). */
  now?: () => Date;
}

const FIELDS = ['time', 'participants', 'text', 'placeName', 'placeCategory'] as const;
const resolver = koreanResolver<AddScheduleValues>(AddScheduleForm, SCHEDULE_FIELD_LABELS, SCHEDULE_FIELD_MESSAGES);
const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** "일정 추가": 시간 (current KST hour), 인원 2–8 (2), 내용 (the venue's default text). */
export function AddScheduleDialog({ open, onOpenChange, ...rest }: AddScheduleDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={ko.schedule.add}>
      {open && <AddScheduleFormView {...rest} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function AddScheduleFormView({ date, venue, category = OTHER_FOOD_CATEGORY, onCreated, onClose, now = () => new Date() }: Omit<AddScheduleDialogProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  // Issue #15: today's hours that have started are not offered (the server refuses them with a 400).
  const hours = openHours(date, now());
  const noHours = hours.length === 0;
  const [defaults] = useState(() => {
    const values = addFormDefaults(venue, category, now());
    return hours.includes(values.time) ? values : { ...values, time: hours[0] ?? values.time };
  });
  const { register, control, handleSubmit, setError, formState } = useForm<AddScheduleValues>({ resolver, defaultValues: defaults, mode: 'onSubmit' });
  const { errors } = formState;

  const create = useCreateSchedule();

  async function onSubmit(values: AddScheduleValues) {
    if (create.isPending) return;
    try {
      await create.mutateAsync(toCreateBody(date, values, venue));
      toast.success(ko.schedule.added);
      onCreated?.();
      onClose();
    } catch (error) {
      // A 400 naming a field lands on it; anything else is an outcome (toast).
      if (applyServerFieldError(error, FIELDS, (name, e, o) => setError(name, e, { shouldFocus: o?.shouldFocus ?? true }))) return;
      // The hour started while the dialog was open: the server's 400 goes under 시간.
      if (isApiError(error) && error.status === 400 && error.code === 'PAST_HOUR') {
        setError('time', { type: 'server', message: error.serverMessage }, { shouldFocus: true });
        return;
      }
      toast.error(errorMessage(error, ko.schedule.addFailed));
    }
  }

  const busy = formState.isSubmitting || create.isPending;
  return (
    <form className="form-stack" onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate>
      <p className="form-summary">
        <span className="form-summary__label">{ko.schedule.date}</span> {monthDayLabel(date)}
      </p>
      {venue ? (
        <p className="form-summary">
          <span className="form-summary__label">{ko.schedule.place}</span> {venue.place_name} · {venueCategoryLabel(venue.category_name)}
        </p>
      ) : (
        <>
          <FormField label={ko.schedule.place} hint={ko.schedule.placeHint} error={errors.placeName?.message}>
            {(field) => <input className="input" maxLength={100} {...field} {...register('placeName', { setValueAs: trim })} />}
          </FormField>
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
        </>
      )}
      <FormField label={ko.schedule.time} error={errors.time?.message ?? (noHours ? ko.schedule.noHoursToday : undefined)}>
        {(field) => (
          <select className="input" {...field} disabled={noHours} {...register('time', { valueAsNumber: true })}>
            <HourOptions hours={hours} />
          </select>
        )}
      </FormField>
      <Controller
        control={control}
        name="participants"
        render={({ field, fieldState }) => (
          <>
            <Stepper
              label={ko.schedule.participants}
              value={field.value}
              min={CAPACITY_MIN}
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
      <FormField label={ko.schedule.text} error={errors.text?.message}>
        {(field) => <textarea className="input" rows={3} maxLength={SCHEDULE_TEXT_MAX} {...field} {...register('text', { setValueAs: trim })} />}
      </FormField>
      <div className="dialog-actions">
        <button type="submit" className="btn btn--primary" disabled={busy || noHours}>
          {ko.schedule.save}
        </button>
      </div>
    </form>
  );
}
