import { useId, useState } from 'react';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { resizeAvatar } from './resize-avatar';

type AvatarPickerProps = {
  name: string;
  email: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
};

/** The avatar: a preview, an upload (resized to a small data URL), removal, or an https URL. */
export function AvatarPicker({ name, email, value, error, onChange }: AvatarPickerProps) {
  const fileId = useId();
  const urlId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const isUpload = value.startsWith('data:');

  async function upload(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    try {
      onChange(await resizeAvatar(file));
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : 'This image could not be read.');
    }
  }

  const shownError = problem ?? error;
  return (
    <div className={shownError ? 'field field--invalid' : 'field'}>
      <span className="field__label">Avatar</span>
      <div className="avatar-picker">
        <Avatar name={name} email={email} src={value || null} size={56} />
        <div className="avatar-picker__actions">
          <input
            id={fileId}
            className="visually-hidden"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            onChange={(event) => {
              void upload(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <label className="btn btn--secondary btn--small" htmlFor={fileId}>
            Upload image
          </label>
          {value && (
            <Button variant="ghost" size="small" onClick={() => onChange('')}>
              Remove
            </Button>
          )}
        </div>
      </div>
      <label className="field__label field__label--secondary" htmlFor={urlId}>
        Avatar URL
      </label>
      <div className="field__control">
        <input
          id={urlId}
          name="avatar"
          className="field__input"
          type="url"
          inputMode="url"
          placeholder="https://…"
          value={isUpload ? '' : value}
          disabled={isUpload}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${urlId}-error` : undefined}
          onChange={(event) => onChange(event.target.value.trim())}
        />
      </div>
      {shownError && (
        <p className="field__error" id={`${urlId}-error`}>
          {shownError}
        </p>
      )}
      {isUpload && <p className="field__hint">Using your uploaded image. Remove it to use a URL instead.</p>}
    </div>
  );
}
