import { IsNotEmpty, Matches, MaxLength, MinLength } from 'class-validator';
import { MatchesField } from './matches-field';
import {
  CODE_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_PHONE_MIN_LENGTH,
} from '../../contract/rules';

/** Forgot password step 1. Messages are i18n keys. */
export class ForgotPasswordPhoneForm {
  @IsNotEmpty({ message: 'validation.resetPhoneRequired' })
  @MinLength(RESET_PHONE_MIN_LENGTH, { message: 'validation.phoneInvalid' })
  phoneNo = '';

  static of(values: Partial<ForgotPasswordPhoneForm>): ForgotPasswordPhoneForm {
    return Object.assign(new ForgotPasswordPhoneForm(), values);
  }
}

/** Forgot password step 2. */
export class ResetPasswordForm {
  @Matches(CODE_PATTERN, { message: 'validation.smsCodeIncomplete' })
  code = '';

  @IsNotEmpty({ message: 'validation.newPasswordRequired' })
  @MinLength(PASSWORD_MIN_LENGTH, { message: 'validation.passwordMin' })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: 'validation.passwordMax' })
  newPassword = '';

  @IsNotEmpty({ message: 'validation.confirmPasswordRequired' })
  @MatchesField('newPassword', { message: 'validation.passwordsMustMatch' })
  confirmPassword = '';

  static of(values: Partial<ResetPasswordForm>): ResetPasswordForm {
    return Object.assign(new ResetPasswordForm(), values);
  }
}
