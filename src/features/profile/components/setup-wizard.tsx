import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/components/ui/feedback-store';
import { format, ko } from '@/i18n/ko';
import { isApiError } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';
import { useSession } from '@/lib/session/store';
import { useUpdateProfile } from '../api/use-update-profile';
import {
  ageFromInput,
  chosenPreferences,
  emptyWizardValues,
  preferenceMap,
  STEP_FIELDS,
  stepOf,
  wizardPayload,
  wizardResolver,
  WIZARD_STEPS,
  type Gender,
  type WizardStep,
  type WizardValues,
} from '../wizard-form';
import { TextInput } from './text-input';
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

/**
 * The first-time setup wizard (SPEC §2): four steps, each checked before advancing with the same
 * resolver as the whole form (issue #14: `trigger` on the step's fields only); errors sit under
 * their field and focus goes to the first invalid one.
 */
export function SetupWizard({ onDone }: SetupWizardProps) {
  const initialName = useSession((s) => s.user?.name ?? '');
  const setUser = useSession((s) => s.setUser);
  const queryClient = useQueryClient();
  const [step, setStep] = useState<WizardStep>(1);
  const [uploading, setUploading] = useState(false);
  const headingId = useId();
  const genderErrorId = useId();
  const preferencesErrorId = useId();
  const {
    control,
    register,
    handleSubmit,
    trigger,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<WizardValues>({ resolver: wizardResolver, defaultValues: emptyWizardValues(initialName) });

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

  async function next() {
    if (!(await trigger(STEP_FIELDS[step], { shouldFocus: true }))) return;
    if (step < WIZARD_STEPS) setStep((step + 1) as WizardStep);
  }

  function prev() {
    if (step > 1) setStep((step - 1) as WizardStep);
  }

  const save = useUpdateProfile();
  const finish = handleSubmit(
    async (values) => {
      try {
        const user = await save.mutateAsync(wizardPayload(values));
        setUser(user);
        queryClient.setQueryData(queryRoots.me, user);
        toast.success(ko.setup.done);
        onDone();
      } catch (error) {
        const back = isApiError(error) && error.status === 400 && error.field ? stepOf(error.field) : null;
        if (back && isApiError(error) && error.field) {
          // A 400 naming a field: back to its step, the server's words under the field.
          setStep(back);
          setError(error.field as keyof WizardValues, { type: 'server', message: error.serverMessage ?? ko.setup.failed });
          return;
        }
        toast.error(ko.setup.failed);
      }
    },
    (invalid) => {
      // An earlier step no longer passes: go back to it (its field shows the error).
      const first = ([1, 2, 3, 4] as const).find((s) => STEP_FIELDS[s].some((f) => invalid[f]));
      if (first && first !== step) setStep(first);
    },
  );

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
          if (step < WIZARD_STEPS) {
            e.preventDefault();
            void next();
          } else void finish(e);
        }}
      >
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="wizard__heading">
          {STEP_TITLES[step]}
        </h2>

        {step === 1 && (
          <Controller
            control={control}
            name="gender"
            render={({ field, fieldState }) => (
              <>
                <div
                  className="gender-choices"
                  role="group"
                  aria-labelledby={headingId}
                  aria-describedby={fieldState.error ? genderErrorId : undefined}
                  aria-invalid={fieldState.error ? true : undefined}
                >
                  {(['male', 'female'] as Gender[]).map((g, i) => (
                    <button
                      key={g}
                      ref={i === 0 ? field.ref : undefined}
                      type="button"
                      className="chip"
                      aria-pressed={field.value === g}
                      onClick={() => field.onChange(g)}
                    >
                      {g === 'male' ? ko.setup.male : ko.setup.female}
                    </button>
                  ))}
                </div>
                {fieldState.error && (
                  <p id={genderErrorId} className="field__error">
                    {fieldState.error.message}
                  </p>
                )}
              </>
            )}
          />
        )}

        {step === 2 && (
          <div className="wizard__fields">
            <TextInput label={ko.setup.name} autoComplete="name" error={errors.name?.message} {...register('name', { setValueAs: (v: string) => v.trim() })} />
            <TextInput
              label={ko.setup.age}
              type="number"
              inputMode="numeric"
              min={14}
              max={120}
              error={errors.age?.message}
              {...register('age', { setValueAs: ageFromInput })}
            />
          </div>
        )}

        {step === 3 && (
          <Controller
            control={control}
            name="preferences"
            render={({ field, fieldState }) => (
              <>
                <PreferenceGrid
                  value={preferenceMap(field.value)}
                  onChange={(map) => {
                    field.onChange(chosenPreferences(map));
                    // Issue #31: the "choose at least one" error goes as soon as one is chosen, not at 다음.
                    if (fieldState.error) void trigger('preferences');
                  }}
                  labelledBy={headingId}
                  errorId={fieldState.error ? preferencesErrorId : undefined}
                  firstRef={field.ref}
                />
                {fieldState.error && (
                  <p id={preferencesErrorId} className="field__error">
                    {fieldState.error.message}
                  </p>
                )}
              </>
            )}
          />
        )}

        {step === 4 && (
          <Controller
            control={control}
            name="profileImage"
            render={({ field, fieldState }) => (
              <ProfileImagePicker value={field.value} onChange={field.onChange} onBusyChange={setUploading} error={fieldState.error?.message} />
            )}
          />
        )}

        <div className="wizard__actions">
          {step > 1 && (
            <button type="button" className="btn btn--ghost" onClick={prev} disabled={isSubmitting}>
              {ko.setup.prev}
            </button>
          )}
          {step < WIZARD_STEPS ? (
            <button type="submit" className="btn btn--primary">
              {ko.setup.next}
            </button>
          ) : (
            <button type="submit" className="btn btn--primary" disabled={isSubmitting || uploading} aria-busy={isSubmitting}>
              {ko.setup.finish}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
