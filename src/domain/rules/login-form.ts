import { FormValues, IcOrPassportRules, PasswordRules } from './field-rules';

/** Login. Messages are i18n keys (locales/en/translation.json). */
export class LoginForm extends FormValues {
  @IcOrPassportRules()
  icOrPassport = '';

  @PasswordRules('validation.passwordRequired')
  password = '';
}
