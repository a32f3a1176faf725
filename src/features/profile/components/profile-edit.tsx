import { useId, useRef, useState, type FormEvent } from 'react';
import type { User } from '@common/api/users';
import { AGE_MAX, AGE_MIN, BIO_MAX, NAME_MAX } from '@common/domain/account';
import { toast } from '@/components/ui/feedback-store';
import { ko } from '@/i18n/ko';
import { useSession } from '@/lib/session/store';
import { readToken } from '@/lib/token-storage';
import { updateProfile } from '../api/update-profile';
import { fullPreferences, parseAge } from '../wizard-form';
import { PreferenceGrid } from './preference-grid';
import { ProfileImagePicker } from './profile-image-picker';
import './profile.css';

interface ProfileEditProps {
  user: User;
  /** Leave the screen: '/' after saving or cancelling, '/auth' when the credentials are gone. */
  onLeave: (to: '/' | '/auth') => void;
}

/** Profile edit (내 정보): the e-mail is read-only. */
export function ProfileEdit({ user, onLeave }: ProfileEditProps) {
  const setUser = useSession((s) => s.setUser);
  const signOut = useSession((s) => s.signOut);
  const [name, setName] = useState(user.name);
  const [age, setAge] = useState(user.age === null ? '' : String(user.age));
  const [bio, setBio] = useState(user.bio ?? '');
  const [preferences, setPreferences] = useState(() => fullPreferences(user.preferences));
  const [profileImage, setProfileImage] = useState<string | null>(user.profileImage);
  const [pending, setPending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const submitting = useRef(false);
  const ids = { email: useId(), name: useId(), age: useId(), bio: useId(), prefs: useId() };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current) return;
    if (!readToken()) {
      toast.error(ko.profile.credentialsExpired);
      signOut('invalid');
      onLeave('/auth');
      return;
    }
    submitting.current = true;
    setPending(true);
    try {
      const trimmedBio = bio.trim();
      const updated = await updateProfile({
        name: name.trim(),
        age: parseAge(age),
        bio: trimmedBio ? trimmedBio : null,
        profileImage,
        preferences,
      });
      setUser(updated);
      toast.success(ko.profile.saved);
      onLeave('/');
    } catch {
      toast.error(ko.profile.saveFailed);
    } finally {
      submitting.current = false;
      setPending(false);
    }
  }

  return (
    <section className="profile-edit">
      <h1>{ko.profile.heading}</h1>
      <form className="profile-edit__form" onSubmit={onSubmit} noValidate>
        <ProfileImagePicker value={profileImage} onChange={setProfileImage} onBusyChange={setUploading} />
        <div className="field">
          <label htmlFor={ids.email} className="field__label">
            {ko.profile.email}
          </label>
          <input id={ids.email} className="input" type="email" value={user.email} readOnly aria-readonly="true" />
        </div>
        <div className="field">
          <label htmlFor={ids.name} className="field__label">
            {ko.profile.name}
          </label>
          <input id={ids.name} className="input" autoComplete="name" maxLength={NAME_MAX} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={ids.age} className="field__label">
            {ko.profile.age}
          </label>
          <input id={ids.age} className="input" type="number" inputMode="numeric" min={AGE_MIN} max={AGE_MAX} value={age} onChange={(e) => setAge(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={ids.bio} className="field__label">
            {ko.profile.bio}
          </label>
          <textarea id={ids.bio} className="input textarea" rows={4} maxLength={BIO_MAX} value={bio} onChange={(e) => setBio(e.target.value)} />
        </div>
        <div className="field">
          <p id={ids.prefs} className="field__label">
            {ko.profile.preferences}
          </p>
          <PreferenceGrid value={preferences} onChange={setPreferences} labelledBy={ids.prefs} />
        </div>
        <div className="form-actions">
          <button type="button" className="btn btn--ghost" onClick={() => onLeave('/')}>
            {ko.profile.cancel}
          </button>
          <button type="submit" className="btn btn--primary" disabled={pending || uploading} aria-busy={pending}>
            {ko.profile.save}
          </button>
        </div>
      </form>
    </section>
  );
}
