import type { InputHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

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
  return (
    <FieldFrame id={`field-${name}`} label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...rest}
        />
      )}
    </FieldFrame>
  );
}
