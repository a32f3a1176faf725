import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { User } from '@common/api/users';
import { AGE_MAX, AGE_MIN, BIO_MAX, NAME_MAX } from '@common/domain/account';
import { neighbourhoodsByDistrict } from '@common/domain/neighbourhoods';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/feedback-store';
import { ko } from '@/i18n/ko';
import { applyServerFieldError } from '@/lib/forms/korean-resolver';
import { queryRoots } from '@/lib/query/keys';
import { useSession } from '@/lib/session/store';
import { readToken } from '@/lib/token-storage';
import { useUpdateProfile } from '../api/use-update-profile';
import { ageFromInput, fullPreferences, profilePayload, profileResolver, type ProfileValues } from '../wizard-form';
import { AbsenceMarks } from './absence-marks';
import { BlockedMembers } from './blocked-members';
import { MyDataDownload } from './my-data-download';
import { DeleteAccount } from './delete-account';
import { PreferenceGrid } from './preference-grid';
import { ProfileImagePicker } from './profile-image-picker';
import { TextInput } from './text-input';
import './profile.css';

interface ProfileEditProps {
  /** The member as `meQuery` answered it. */
  user: User;
  /** Leave the screen: '/' after cancelling or logging out, '/auth' when the credentials are gone. */
  onLeave: (to: '/' | '/auth') => void;
}

const FIELDS = ['name', 'age', 'bio', 'preferences', 'profileImage', 'neighbourhood'] as const;

/** The 동네 on offer, grouped by 구 (issue #31 item 2). */
const NEIGHBOURHOOD_GROUPS = neighbourhoodsByDistrict();

/** Profile edit (내 정보): the e-mail is read-only; the age may be changed but not cleared (SPEC §5). */
export function ProfileEdit({ user, onLeave }: ProfileEditProps) {
  const setUser = useSession((s) => s.setUser);
  const signOut = useSession((s) => s.signOut);
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const prefsId = useId();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({
    resolver: profileResolver,
    defaultValues: {
      name: user.name,
      age: user.age,
      bio: user.bio ?? '',
      preferences: fullPreferences(user.preferences),
      profileImage: user.profileImage,
      // A member view stored by an older version has no 동네.
      neighbourhood: user.neighbourhood ?? null,
    },
  });

  /** The payload of the last successful save (JSON), to recognise a repeated 저장. */
  const lastSaved = useRef<string | null>(null);
  const save = useUpdateProfile({
    onSuccess: (updated) => {
      queryClient.setQueryData(queryRoots.me, updated);
      setUser(updated);
      // Issue #31 item 1: saving stays on 내 정보; the toast tells the outcome.
      toast.success(ko.profile.saved);
    },
    onError: (error) => {
      const onField = (name: never, e: { type: string; message: string }) => setError(name, e, { shouldFocus: true });
      if (!applyServerFieldError(error, FIELDS, onField)) toast.error(ko.profile.saveFailed);
    },
  });

  /** Saves the profile (called from the submit event, after validation). */
  const saveValues = async (values: ProfileValues) => {
    if (!readToken()) {
      toast.error(ko.profile.credentialsExpired);
      signOut('invalid');
      onLeave('/auth');
      return;
    }
    const payload = profilePayload(values);
    const key = JSON.stringify(payload);
    // A double tap saves once: a second 저장 with nothing changed since the last save sends nothing,
    // even when the first save answered before the second tap landed.
    if (key === lastSaved.current) return;
    const saved = await save.mutateAsync(payload).then(
      () => true,
      () => false,
    );
    if (saved) lastSaved.current = key;
  };

  const busy = save.isPending || isSubmitting;
  // One save at a time even when a second click lands before the disabled button renders.
  const inFlight = useRef(false);
  const submitOnce = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    void handleSubmit(saveValues)(e).finally(() => {
      inFlight.current = false;
    });
  };

  return (
    <section className="profile-edit">
      <h1>{ko.profile.heading}</h1>
      <form className="profile-edit__form" onSubmit={submitOnce} noValidate>
        <Controller
          control={control}
          name="profileImage"
          render={({ field, fieldState }) => <ProfileImagePicker value={field.value} onChange={field.onChange} onBusyChange={setUploading} error={fieldState.error?.message} />}
        />
        <FormField label={ko.profile.email}>{(c) => <input className="input" type="email" value={user.email} readOnly aria-readonly="true" {...c} />}</FormField>
        <TextInput label={ko.profile.name} autoComplete="name" maxLength={NAME_MAX} error={errors.name?.message} {...register('name', { setValueAs: (v: string) => v.trim() })} />
        <TextInput
          label={ko.profile.age}
          type="number"
          inputMode="numeric"
          min={AGE_MIN}
          max={AGE_MAX}
          error={errors.age?.message}
          {...register('age', { setValueAs: ageFromInput })}
        />
        <FormField label={ko.profile.bio} error={errors.bio?.message}>
          {(c) => <textarea className="input textarea" rows={4} maxLength={BIO_MAX} {...register('bio')} {...c} />}
        </FormField>
        {/* Issue #31 item 2: 매칭 measures distance from the 동네's centre when no position is shared. */}
        <Controller
          control={control}
          name="neighbourhood"
          render={({ field, fieldState }) => (
            <FormField label={ko.profile.neighbourhood} hint={ko.profile.neighbourhoodHint} error={fieldState.error?.message}>
              {(c) => (
                <select
                  ref={field.ref}
                  name={field.name}
                  className="input"
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.target.value || null)}
                  onBlur={field.onBlur}
                  {...c}
                >
                  <option value="">{ko.profile.neighbourhoodNone}</option>
                  {NEIGHBOURHOOD_GROUPS.map((g) => (
                    <optgroup key={g.district} label={g.district}>
                      {g.neighbourhoods.map((n) => (
                        <option key={n.name} value={n.name}>
                          {n.name}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              )}
            </FormField>
          )}
        />
        <div className="field">
          <p id={prefsId} className="field__label">
            {ko.profile.preferences}
          </p>
          <Controller
            control={control}
            name="preferences"
            render={({ field }) => <PreferenceGrid value={field.value} onChange={field.onChange} labelledBy={prefsId} firstRef={field.ref} />}
          />
        </div>
        <div className="form-actions">
          <button type="button" className="btn btn--ghost" onClick={() => onLeave('/')}>
            {ko.profile.cancel}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy || uploading} aria-busy={busy}>
            {ko.profile.save}
          </button>
        </div>
      </form>
      <AbsenceMarks />
      <BlockedMembers />
      <MyDataDownload />
      <DeleteAccount user={user} />
      {/* Issue #31 item 1: on a phone 내 정보 is a tab, so 로그아웃 is here too (not only in the profile menu). */}
      <div className="profile-edit__logout">
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            signOut('logout');
            onLeave('/');
          }}
        >
          {ko.nav.logout}
        </button>
      </div>
    </section>
  );
}
