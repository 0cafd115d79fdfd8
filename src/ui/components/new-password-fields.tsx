import { PasswordField } from './password-field';

export type NewPasswordField = 'password' | 'confirmPassword';

/**
 * A new password and its confirmation (sign-up, password reset, the profile's password dialog): two password fields that
 * the browser may fill with a generated password (autocomplete new-password).
 */
export function NewPasswordFields({
  name,
  labels,
  values,
  errors,
  onChange,
  disabled,
}: {
  /** The wire name of the first field (password, new_password); the second is confirm_password. */
  name: string;
  labels: Record<NewPasswordField, string>;
  values: Record<NewPasswordField, string>;
  /** i18n keys. */
  errors: Partial<Record<NewPasswordField, string | null>>;
  onChange: (field: NewPasswordField, value: string) => void;
  disabled?: boolean;
}) {
  return (
    <>
      <PasswordField
        name={name}
        label={labels.password}
        value={values.password}
        onChange={(value) => onChange('password', value)}
        error={errors.password}
        autoComplete="new-password"
        disabled={disabled}
      />
      <PasswordField
        name="confirm_password"
        label={labels.confirmPassword}
        value={values.confirmPassword}
        onChange={(value) => onChange('confirmPassword', value)}
        error={errors.confirmPassword}
        autoComplete="new-password"
        disabled={disabled}
      />
    </>
  );
}
