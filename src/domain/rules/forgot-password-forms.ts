import { IsNotEmpty, Matches, MinLength } from 'class-validator';
import { ConfirmPasswordRules, FormValues, PasswordRules } from './field-rules';
import { Trimmed } from '../../contract/form-check';
import { CODE_PATTERN, RESET_PHONE_MIN_LENGTH } from '../../contract/rules';

/** Forgot password step 1. Messages are i18n keys. */
export class ForgotPasswordPhoneForm extends FormValues {
  @Trimmed()
  @IsNotEmpty({ message: 'validation.resetPhoneRequired' })
  @MinLength(RESET_PHONE_MIN_LENGTH, { message: 'validation.phoneInvalid' })
  phoneNo = '';
}

/** Forgot password step 2. */
export class ResetPasswordForm extends FormValues {
  @Matches(CODE_PATTERN, { message: 'validation.smsCodeIncomplete' })
  code = '';

  @PasswordRules('validation.newPasswordRequired')
  newPassword = '';

  @ConfirmPasswordRules('newPassword')
  confirmPassword = '';
}
