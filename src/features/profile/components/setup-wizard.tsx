import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/components/ui/feedback-store';
import { ToggleChip } from '@/components/ui/toggle-chip';
import { format, ko } from '@/i18n/ko';
import { useSession } from '@/lib/session/store';
import { updateProfile } from '../api/update-profile';
import { emptyWizardForm, toProfileUpdate, validateStep, WIZARD_STEPS, type Gender, type WizardForm, type WizardStep } from '../wizard-form';
import { PreferenceGrid } from './preference-grid';
import { ProfileImagePicker } from './profile-image-picker';
import './profile.css';

const STEP_TITLES: Record<WizardStep, string> = {
  1: ko.setup.stepGender,
  2: ko.setup.stepNameAge,
  3: ko.setup.stepPreferences,
  4: ko.setup.stepImage,
};

interface SetupWizardProps {
  /** After the profile is saved (the route goes home). */
  onDone: () => void;
}

/** The first-time setup wizard (SPEC §2): four steps, each checked before advancing. */
export function SetupWizard({ onDone }: SetupWizardProps) {
  const initialName = useSession((s) => s.user?.name ?? '');
  const setUser = useSession((s) => s.setUser);
  const [form, setForm] = useState<WizardForm>(() => emptyWizardForm(initialName));
  const [step, setStep] = useState<WizardStep>(1);
  const [pending, setPending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const submitting = useRef(false);
  const headingId = useId();
  const nameId = useId();
  const ageId = useId();

  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    // Move focus to the new step's heading (the button that was pressed is gone).
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const patch = (next: Partial<WizardForm>) => setForm((f) => ({ ...f, ...next }));

  function next() {
    const problem = validateStep(step, form);
    if (problem) {
      toast.error(problem);
      return;
    }
    if (step < WIZARD_STEPS) setStep((step + 1) as WizardStep);
  }

  function prev() {
    if (step > 1) setStep((step - 1) as WizardStep);
  }

  async function finish() {
    if (submitting.current) return;
    for (const s of [1, 2, 3, 4] as const) {
      const problem = validateStep(s, form);
      if (problem) {
        toast.error(problem);
        setStep(s);
        return;
      }
    }
    submitting.current = true;
    setPending(true);
    try {
      const user = await updateProfile(toProfileUpdate(form));
      setUser(user);
      toast.success(ko.setup.done);
      onDone();
    } catch {
      toast.error(ko.setup.failed);
    } finally {
      submitting.current = false;
      setPending(false);
    }
  }

  return (
    <section className="wizard">
      <h1 className="wizard__title">{ko.setup.heading}</h1>
      <p className="wizard__counter">{format(ko.setup.stepCounter, { step, total: WIZARD_STEPS })}</p>
      <ol className="wizard__progress" aria-hidden="true">
        {[1, 2, 3, 4].map((s) => (
          <li key={s} className={s <= step ? 'is-done' : undefined} />
        ))}
      </ol>
      <form
        className="wizard__step"
        key={step}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (step < WIZARD_STEPS) next();
          else void finish();
        }}
      >
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="wizard__heading">
          {STEP_TITLES[step]}
        </h2>

        {step === 1 && (
          <div className="gender-choices" role="group" aria-labelledby={headingId}>
            {(['male', 'female'] as Gender[]).map((g) => (
              <ToggleChip key={g} pressed={form.gender === g} onToggle={() => patch({ gender: g })}>
                {g === 'male' ? ko.setup.male : ko.setup.female}
              </ToggleChip>
            ))}
          </div>
        )}

        {step === 2 && (
          <div className="wizard__fields">
            <div className="field">
              <label htmlFor={nameId} className="field__label">
                {ko.setup.name}
              </label>
              <input id={nameId} className="input" autoComplete="name" value={form.name} onChange={(e) => patch({ name: e.target.value })} />
            </div>
            <div className="field">
              <label htmlFor={ageId} className="field__label">
                {ko.setup.age}
              </label>
              <input
                id={ageId}
                className="input"
                type="number"
                inputMode="numeric"
                min={14}
                max={120}
                value={form.age}
                onChange={(e) => patch({ age: e.target.value })}
              />
            </div>
          </div>
        )}

        {step === 3 && <PreferenceGrid value={form.preferences} onChange={(preferences) => patch({ preferences })} labelledBy={headingId} />}

        {step === 4 && <ProfileImagePicker value={form.profileImage} onChange={(profileImage) => patch({ profileImage })} onBusyChange={setUploading} />}

        <div className="wizard__actions">
          {step > 1 && (
            <button type="button" className="btn btn--ghost" onClick={prev} disabled={pending}>
              {ko.setup.prev}
            </button>
          )}
          {step < WIZARD_STEPS ? (
            <button type="submit" className="btn btn--primary">
              {ko.setup.next}
            </button>
          ) : (
            <button type="submit" className="btn btn--primary" disabled={pending || uploading} aria-busy={pending}>
              {ko.setup.finish}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
