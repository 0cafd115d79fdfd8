import { IsIn, IsNotEmpty, Length, Matches, MaxLength, MinLength } from 'class-validator';
import { MatchesField } from './matches-field';
import {
  CODE_LENGTH,
  IC_OR_PASSPORT_PATTERN,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  NATIONALITIES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_PATTERN,
  type Nationality,
} from '../../contract/rules';

/** Sign-up step 1. Messages are i18n keys. */
export class SignUpForm {
  @IsNotEmpty({ message: 'validation.nameRequired' })
  @MinLength(NAME_MIN_LENGTH, { message: 'validation.nameMin' })
  @MaxLength(NAME_MAX_LENGTH, { message: 'validation.nameMax' })
  name = '';

  @IsIn(NATIONALITIES, { message: 'validation.nationalityRequired' })
  nationality: Nationality | '' = 'Malaysian';

  @IsNotEmpty({ message: 'validation.icRequired' })
  @Matches(IC_OR_PASSPORT_PATTERN, { message: 'validation.icInvalid' })
  icOrPassport = '';

  /** Digits only, country code included (normalise before validating). */
  @IsNotEmpty({ message: 'validation.phoneRequired' })
  @Matches(PHONE_PATTERN, { message: 'validation.phoneInvalid' })
  phoneNo = '';

  @IsNotEmpty({ message: 'validation.passwordRequired' })
  @MinLength(PASSWORD_MIN_LENGTH, { message: 'validation.passwordMin' })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: 'validation.passwordMax' })
  password = '';

  @IsNotEmpty({ message: 'validation.confirmPasswordRequired' })
  @MatchesField('password', { message: 'validation.passwordsMustMatch' })
  confirmPassword = '';

  static of(values: Partial<SignUpForm>): SignUpForm {
    return Object.assign(new SignUpForm(), values);
  }
}

/**
 * Sign-up step 2. The boxes accept any single character, so the client only checks
 * that all six are filled; the server checks the code itself.
 */
export class SignUpCodeForm {
  @Length(CODE_LENGTH, CODE_LENGTH, { message: 'validation.otpIncomplete' })
  code = '';

  static of(values: Partial<SignUpCodeForm>): SignUpCodeForm {
    return Object.assign(new SignUpCodeForm(), values);
  }
}
