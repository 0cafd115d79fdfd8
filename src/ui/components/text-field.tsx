import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'name'
> {
  /** The wire field name: also the input's name (stable selector) and the base of its id. */
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** An i18n key, shown in a role="alert" element linked by aria-describedby. */
  error?: string | null;
  hint?: string;
}

export function TextField({ name, label, value, onChange, error, hint, ...rest }: TextFieldProps) {
  const { t } = useTranslation();
  const id = `field-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...rest}
      />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t(error)}
        </p>
      )}
    </div>
  );
}
