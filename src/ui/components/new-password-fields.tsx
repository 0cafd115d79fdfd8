import { PasswordField } from '../../ui-kit/password-field';

const NEW_PASSWORD_FIELDS = ['password', 'confirmPassword'] as const;
export type NewPasswordField = (typeof NEW_PASSWORD_FIELDS)[number];

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
      {NEW_PASSWORD_FIELDS.map((field) => (
        <PasswordField
          key={field}
          name={field === 'password' ? name : 'confirm_password'}
          label={labels[field]}
          value={values[field]}
          onChange={(value) => onChange(field, value)}
          error={errors[field]}
          autoComplete="new-password"
          disabled={disabled}
        />
      ))}
    </>
  );
}
