import { useId, useRef, useState, type ChangeEvent } from 'react';
import { DEFAULT_AVATARS } from '@common/domain/vocabulary';
import { Avatar } from '@/components/ui/avatar';
import { toast } from '@/components/ui/feedback-store';
import { ko } from '@/i18n/ko';
import { uploadImage } from '../api/upload-image';

interface ProfileImagePickerProps {
  value: string | null;
  onChange: (url: string | null) => void;
  /** Reports an upload in flight (the form's submit waits for it). */
  onBusyChange?: (busy: boolean) => void;
  /** The field's error (a server 400 naming `profileImage`), shown under the picker. */
  error?: string;
}

/** Click the 100 px preview to upload an image, or pick one of the default avatars. */
export function ProfileImagePicker({ value, onChange, onBusyChange, error }: ProfileImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const avatarsLabel = useId();
  const errorId = useId();

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error(ko.profile.imagesOnly);
      return;
    }
    setUploading(true);
    onBusyChange?.(true);
    try {
      const { url } = await uploadImage(file);
      onChange(url);
    } catch {
      toast.error(ko.profile.uploadFailed);
    } finally {
      setUploading(false);
      onBusyChange?.(false);
    }
  }

  return (
    <div className="image-picker">
      <button
        type="button"
        className="image-picker__preview"
        aria-label={ko.setup.upload}
        aria-busy={uploading}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={uploading}
        onClick={() => input.current?.click()}
      >
        <Avatar src={value} alt="" size={100} />
        <span className="image-picker__camera" aria-hidden="true">
          +
        </span>
      </button>
      <input ref={input} type="file" accept="image/*" className="visually-hidden" tabIndex={-1} aria-label={ko.setup.uploadFile} onChange={(e) => void onFile(e)} />
      <p className="image-picker__hint">{ko.setup.uploadHint}</p>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      <p className="image-picker__status" role="status">
        {uploading ? ko.profile.uploading : ''}
      </p>
      <p id={avatarsLabel} className="visually-hidden">
        {ko.setup.defaultAvatars}
      </p>
      <div className="avatar-choices" role="group" aria-labelledby={avatarsLabel}>
        {DEFAULT_AVATARS.map((a) => (
          <button key={a.id} type="button" className="avatar-choice" aria-pressed={value === a.url} onClick={() => onChange(a.url)}>
            <img src={a.url} alt="" width={56} height={56} />
            <span>{ko.avatars[a.id]}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
