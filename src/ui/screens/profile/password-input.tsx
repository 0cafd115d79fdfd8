import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PasswordInputProps {
  /** Wire field name, also the browser tests' selector (new_password, confirm_password). */
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** i18n key of the field's error, if any. */
  error?: string;
  autoComplete?: string;
}

/** A labelled password input with a show/hide toggle and an announced error. */
export function PasswordInput({
  name,
  label,
  value,
  onChange,
  error,
  autoComplete = 'new-password',
}: PasswordInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  return (
    <div className="profile-field-group">
      <label htmlFor={id}>{label}</label>
      <div className="profile-password-input">
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="profile-visibility-toggle"
          aria-pressed={visible}
          aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="profile-error">
          {t(error)}
        </p>
      )}
    </div>
  );
}

/** An eye (or a crossed-out eye while the password shows); inline so no font or file is needed. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {crossed && <line x1="4" y1="20" x2="20" y2="4" stroke="currentColor" strokeWidth="2" />}
    </svg>
  );
}
