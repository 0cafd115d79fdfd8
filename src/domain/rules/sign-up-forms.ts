import { IsIn, IsNotEmpty, Length, Matches, MaxLength, MinLength } from 'class-validator';
import { Transform } from 'class-transformer';
import { ConfirmPasswordRules, FormValues, IcOrPassportRules, PasswordRules } from './field-rules';
import { Trimmed } from '../../contract/form-check';
import {
  CODE_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  NATIONALITIES,
  PHONE_PATTERN,
  normalisePhone,
  type Nationality,
} from '../../contract/rules';

/** Sign-up step 1. Messages are i18n keys; checkForm trims and normalises as the API will. */
export class SignUpForm extends FormValues {
  @Trimmed()
  @IsNotEmpty({ message: 'validation.nameRequired' })
  @MinLength(NAME_MIN_LENGTH, { message: 'validation.nameMin' })
  @MaxLength(NAME_MAX_LENGTH, { message: 'validation.nameMax' })
  name = '';

  @IsIn(NATIONALITIES, { message: 'validation.nationalityRequired' })
  nationality: Nationality | '' = 'Malaysian';

  @Trimmed()
  @IcOrPassportRules()
  icOrPassport = '';

  /** Digits only, country code included (checkForm normalises what was typed). */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? normalisePhone(value) : value,
  )
  @IsNotEmpty({ message: 'validation.phoneRequired' })
  @Matches(PHONE_PATTERN, { message: 'validation.phoneInvalid' })
  phoneNo = '';

  @PasswordRules('validation.passwordRequired')
  password = '';

  @ConfirmPasswordRules('password')
  confirmPassword = '';
}

/**
 * Sign-up step 2. The boxes accept any single character, so the client only checks
 * that all six are filled; the server checks the code itself.
 */
export class SignUpCodeForm extends FormValues {
  @Length(CODE_LENGTH, CODE_LENGTH, { message: 'validation.otpIncomplete' })
  code = '';
}
