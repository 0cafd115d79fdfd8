import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame } from './field-frame';

export interface PasswordFieldProps {
  /** The wire field name (password, confirm_password, new_password). */
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** An i18n key. */
  error?: string | null;
  autoComplete?: 'current-password' | 'new-password';
  disabled?: boolean;
}

/** A password input with a show/hide toggle button (aria-pressed tells its state). */
export function PasswordField({
  name,
  label,
  value,
  onChange,
  error,
  autoComplete = 'current-password',
  disabled,
}: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={`field-${name}`} label={label} error={error}>
      {(control) => (
        <div className="password-input">
          <input
            {...control}
            name={name}
            type={visible ? 'text' : 'password'}
            value={value}
            autoComplete={autoComplete}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
          />
          <button
            type="button"
            className="password-toggle"
            aria-pressed={visible}
            aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
            aria-controls={control.id}
            onClick={() => setVisible((shown) => !shown)}
          >
            <EyeIcon crossed={visible} />
          </button>
        </div>
      )}
    </FieldFrame>
  );
}

/** Inline, so no icon font or remote asset is needed. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <line x1="3" y1="3" x2="21" y2="21" />}
    </svg>
  );
}
