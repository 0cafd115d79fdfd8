import { IsNotEmpty, Matches, MaxLength, MinLength } from 'class-validator';
import {
  IC_OR_PASSPORT_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../contract/rules';

/** Login. Messages are i18n keys (locales/en/translation.json). */
export class LoginForm {
  @IsNotEmpty({ message: 'validation.icRequired' })
  @Matches(IC_OR_PASSPORT_PATTERN, { message: 'validation.icInvalid' })
  icOrPassport = '';

  @IsNotEmpty({ message: 'validation.passwordRequired' })
  @MinLength(PASSWORD_MIN_LENGTH, { message: 'validation.passwordMin' })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: 'validation.passwordMax' })
  password = '';

  static of(values: Partial<LoginForm>): LoginForm {
    return Object.assign(new LoginForm(), values);
  }
}
