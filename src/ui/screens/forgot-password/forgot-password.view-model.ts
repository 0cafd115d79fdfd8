import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import { CLOCK_PORT, type Clock } from '../../../domain/ports/clock.port';
import {
  ForgotPasswordPhoneForm,
  ResetPasswordForm,
} from '../../../domain/rules/forgot-password-forms';
import { checkForm } from '../../../contract/form-check';
import { hasErrors, type FieldErrors } from '../../../domain/rules/validate';
import type { ResetPasswordUseCase } from '../../../domain/use-cases/reset-password.use-case';
import type { SmsCodeLifecycleUseCase } from '../../../domain/use-cases/sms-code-lifecycle.use-case';
import { CodeStep } from '../../components/code-step';
import { closingAfter, type Notifier } from '../../shared/notifier';
import { failureMessage } from '../../shared/error-messages';
import { Paths } from '../../shared/paths';
import { RESET_PASSWORD_USE_CASE, SMS_CODE_LIFECYCLE_USE_CASE } from '../../shared/tokens';
import { observeExcept } from '../../../ui-kit/observe-except';
import { Screen } from '../../shared/screen';

export type ForgotPasswordStatus = 'idle' | 'sending' | 'resetting' | 'done';
type PasswordField = 'newPassword' | 'confirmPassword';

/** After a successful reset, go to /login after 2 s. */
export const REDIRECT_AFTER_RESET_MS = 2000;
/** Toasts on the password-reset screen stay 5 s. */
export const RESET_TOAST_MS = 5000;

@injectable()
export class ForgotPasswordViewModel {
  status: ForgotPasswordStatus = 'idle';
  phoneNo = '';
  phoneError: string | null = null;
  newPassword = '';
  confirmPassword = '';
  errors: FieldErrors<ResetPasswordForm> = {};
  /** Step 2's code boxes and countdown. */
  readonly codeStep: CodeStep;
  private readonly toasts: Notifier;

  constructor(
    @inject(SMS_CODE_LIFECYCLE_USE_CASE) smsCode: SmsCodeLifecycleUseCase,
    @inject(RESET_PASSWORD_USE_CASE) private readonly resetPassword: ResetPasswordUseCase,
    @inject(Screen) private readonly screen: Pick<Screen, 'notifier' | 'navigation'>,
    @inject(CLOCK_PORT) clock: Clock,
  ) {
    this.codeStep = new CodeStep(smsCode, clock);
    this.toasts = closingAfter(screen.notifier, RESET_TOAST_MS);
    observeExcept(this, ['codeStep', 'toasts', 'resetPassword', 'screen']);
  }

  get busy(): boolean {
    return this.status !== 'idle';
  }

  setPhone(value: string): void {
    this.phoneNo = value;
    if (this.phoneError) this.phoneError = this.phoneErrors().phoneNo ?? null;
  }

  setCode(code: string[]): void {
    this.codeStep.setCode(code);
    if (this.errors.code) this.errors = { ...this.errors, code: undefined };
  }

  setField(field: PasswordField, value: string): void {
    this[field] = value;
    if (this.errors[field]) this.errors = { ...this.errors, [field]: this.resetErrors()[field] };
  }

  /** Step 1 (and Resend on step 2). */
  async sendCode(): Promise<void> {
    if (this.busy) return;
    const resending = this.codeStep.step === 2;
    if (resending && !this.codeStep.timer.canResend) return;
    this.phoneError = this.phoneErrors().phoneNo ?? null;
    if (this.phoneError) return;
    this.status = 'sending';
    const sent = await this.codeStep.send({ phoneNo: this.phoneNo, purpose: 'password_reset' });
    runInAction(() => {
      this.status = 'idle';
      if (!sent.ok) {
        this.toasts.error(failureMessage(sent.error, sent.error.key));
        return;
      }
      this.toasts.success({
        key: resending ? 'forgotPassword.codeResent' : 'forgotPassword.codeSent',
        values: { time: sent.value.expiresIn },
      });
    });
  }

  async reset(): Promise<void> {
    if (this.busy) return;
    this.errors = this.resetErrors();
    // The code is checked first, then an empty password gets its own toast.
    if (this.errors.code) {
      this.toasts.error({ key: this.errors.code });
      return;
    }
    if (this.newPassword === '') {
      this.toasts.error({ key: 'validation.newPasswordEmpty' });
      return;
    }
    if (hasErrors(this.errors)) return;
    this.status = 'resetting';
    const result = await this.resetPassword.execute({
      phoneNo: this.phoneNo,
      code: this.codeStep.value,
      newPassword: this.newPassword,
    });
    runInAction(() => {
      if (!result.ok) {
        this.status = 'idle';
        this.toasts.error(failureMessage(result.error, result.error.key));
        return;
      }
      this.status = 'done';
      this.toasts.success({ key: 'forgotPassword.resetSuccess' });
      this.codeStep.finish(REDIRECT_AFTER_RESET_MS, () => this.screen.navigation.go(Paths.login));
    });
  }

  dispose(): void {
    this.codeStep.dispose();
  }

  private phoneErrors(): FieldErrors<ForgotPasswordPhoneForm> {
    return checkForm(ForgotPasswordPhoneForm, { phoneNo: this.phoneNo }).errors;
  }

  private resetErrors(): FieldErrors<ResetPasswordForm> {
    return checkForm(ResetPasswordForm, {
      code: this.codeStep.value,
      newPassword: this.newPassword,
      confirmPassword: this.confirmPassword,
    }).errors;
  }
}
