import { useId, useRef, useState, type FormEvent } from 'react';
import type { Venue } from '@common/api/venues';
import { venueCategoryLabel } from '@common/domain/categories';
import { CAPACITY_MAX, CAPACITY_MIN, HOUR_MAX, HOUR_MIN, SCHEDULE_TEXT_MAX, type IsoDate } from '@common/domain/schedule';
import { FOOD_CATEGORIES, type FoodCategory } from '@common/domain/vocabulary';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/feedback-store';
import { Stepper } from '@/components/ui/stepper';
import { format, ko } from '@/i18n/ko';
import { monthDayLabel } from '@/lib/dates';
import { createSchedule } from '../api/create-schedule';
import { addFormDefaults, buildCreateBody } from '../schedule-form';

interface AddScheduleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  date: IsoDate;
  venue: Venue | null;
  /** Food type to start with when no venue was chosen. */
  category?: FoodCategory;
  onCreated: () => void;
  /** Clock for the default hour (tests). */
  now?: () => Date;
}

const HOURS = Array.from({ length: HOUR_MAX - HOUR_MIN + 1 }, (_, i) => HOUR_MIN + i);

/** "일정 추가": 시간 (current KST hour), 인원 2–8 (2), 내용 (the venue's default text). */
export function AddScheduleDialog({ open, onOpenChange, ...rest }: AddScheduleDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={ko.schedule.add}>
      {open && <AddScheduleForm {...rest} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function AddScheduleForm({ date, venue, category = '기타', onCreated, onClose, now = () => new Date() }: Omit<AddScheduleDialogProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const [defaults] = useState(() => addFormDefaults(venue, now()));
  const [hour, setHour] = useState(defaults.hour);
  const [capacity, setCapacity] = useState(defaults.capacity);
  const [text, setText] = useState(defaults.text);
  const [place, setPlace] = useState('');
  const [placeCategory, setPlaceCategory] = useState<FoodCategory>(category);
  const [pending, setPending] = useState(false);
  const submitting = useRef(false);
  const ids = { hour: useId(), text: useId(), place: useId(), category: useId(), placeHint: useId() };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current) return;
    const built = buildCreateBody({ date, hour, capacity, text, venue, place, category: placeCategory });
    if ('error' in built) {
      toast.error(built.error);
      return;
    }
    submitting.current = true;
    setPending(true);
    try {
      await createSchedule(built.body);
      toast.success(ko.schedule.added);
      onCreated();
      onClose();
    } catch {
      toast.error(ko.schedule.addFailed);
    } finally {
      submitting.current = false;
      setPending(false);
    }
  }

  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate>
      <p className="form-summary">
        <span className="form-summary__label">{ko.schedule.date}</span> {monthDayLabel(date)}
      </p>
      {venue ? (
        <p className="form-summary">
          <span className="form-summary__label">{ko.schedule.place}</span> {venue.place_name} · {venueCategoryLabel(venue.category_name)}
        </p>
      ) : (
        <>
          <div className="field">
            <label htmlFor={ids.place} className="field__label">
              {ko.schedule.place}
            </label>
            <input id={ids.place} className="input" maxLength={100} value={place} aria-describedby={ids.placeHint} onChange={(e) => setPlace(e.target.value)} />
            <p id={ids.placeHint} className="field__hint">
              {ko.schedule.placeHint}
            </p>
          </div>
          <div className="field">
            <label htmlFor={ids.category} className="field__label">
              {ko.schedule.category}
            </label>
            <select id={ids.category} className="input" value={placeCategory} onChange={(e) => setPlaceCategory(e.target.value as FoodCategory)}>
              {FOOD_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
      <div className="field">
        <label htmlFor={ids.hour} className="field__label">
          {ko.schedule.time}
        </label>
        <select id={ids.hour} className="input" value={hour} onChange={(e) => setHour(Number(e.target.value))}>
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {format(ko.dates.hourOption, { hour: h })}
            </option>
          ))}
        </select>
      </div>
      <Stepper
        label={ko.schedule.participants}
        value={capacity}
        min={CAPACITY_MIN}
        max={CAPACITY_MAX}
        onChange={setCapacity}
        decrementLabel={ko.schedule.decrease}
        incrementLabel={ko.schedule.increase}
        formatValue={(n) => format(ko.schedule.peopleCount, { n })}
      />
      <div className="field">
        <label htmlFor={ids.text} className="field__label">
          {ko.schedule.text}
        </label>
        <textarea id={ids.text} className="input" rows={3} maxLength={SCHEDULE_TEXT_MAX} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <div className="dialog-actions">
        <button type="submit" className="btn btn--primary" disabled={pending}>
          {ko.schedule.save}
        </button>
      </div>
    </form>
  );
}
