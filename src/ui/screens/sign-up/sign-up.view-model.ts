import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import { CLOCK_PORT, type Clock } from '../../../domain/ports/clock.port';
import { checkForm } from '../../../contract/form-check';
import { normalisePhone, type Nationality } from '../../../contract/rules';
import { SignUpCodeForm, SignUpForm } from '../../../domain/rules/sign-up-forms';
import { hasErrors, type FieldErrors } from '../../../domain/rules/validate';
import type { CheckPhoneUseCase } from '../../../domain/use-cases/check-phone.use-case';
import type {
  PendingSignUp,
  PendingSignUpUseCase,
} from '../../../domain/use-cases/pending-sign-up.use-case';
import type { RegisterUseCase } from '../../../domain/use-cases/register.use-case';
import {
  DEFAULT_RESEND_COOLDOWN_SECONDS,
  type SmsCodeLifecycleUseCase,
} from '../../../domain/use-cases/sms-code-lifecycle.use-case';
import { CodeStep } from '../../components/code-step';
import { failureMessage } from '../../shared/error-messages';
import { Paths } from '../../shared/paths';
import {
  CHECK_PHONE_USE_CASE,
  PENDING_SIGN_UP_USE_CASE,
  REGISTER_USE_CASE,
  SMS_CODE_LIFECYCLE_USE_CASE,
} from '../../shared/tokens';
import { observeExcept } from '../../../ui-kit/observe-except';
import { Screen } from '../../shared/screen';

export type SignUpStatus =
  'idle' | 'verifying' | 'sending' | 'resending' | 'registering' | 'registered';
type DetailsField = 'name' | 'icOrPassport' | 'phoneNo' | 'password' | 'confirmPassword';

/** After a successful registration, go to /login after 2 s. */
export const REDIRECT_AFTER_REGISTRATION_MS = 2000;

/** Sign-up in two steps: details (step 1), then the SMS code (step 2, a CodeStep). */
@injectable()
export class SignUpViewModel {
  status: SignUpStatus = 'idle';
  name = '';
  nationality: Nationality = 'Malaysian';
  icOrPassport = '';
  phoneNo = '';
  password = '';
  confirmPassword = '';
  errors: FieldErrors<SignUpForm> = {};
  codeError: string | null = null;
  /**
   * Step 2 came back after a reload: the password was not kept, so step 2 asks for it again
   * (with its confirmation) beside the code.
   */
  passwordNeeded = false;
  readonly codeStep: CodeStep;

  constructor(
    @inject(CHECK_PHONE_USE_CASE) private readonly checkPhone: CheckPhoneUseCase,
    @inject(SMS_CODE_LIFECYCLE_USE_CASE) smsCode: SmsCodeLifecycleUseCase,
    @inject(REGISTER_USE_CASE) private readonly register: RegisterUseCase,
    @inject(Screen) private readonly screen: Pick<Screen, 'notifier' | 'navigation'>,
    @inject(CLOCK_PORT) private readonly clock: Clock,
    @inject(PENDING_SIGN_UP_USE_CASE) private readonly pending: PendingSignUpUseCase,
  ) {
    this.codeStep = new CodeStep(smsCode, clock);
    observeExcept(this, ['codeStep', 'checkPhone', 'register', 'screen', 'clock', 'pending']);
    this.restore();
  }

  get busy(): boolean {
    return this.status !== 'idle';
  }

  setField(field: DetailsField, value: string): void {
    this[field] = value;
    if (this.errors[field]) this.errors = { ...this.errors, [field]: this.detailsErrors()[field] };
  }

  setNationality(value: Nationality): void {
    this.nationality = value;
  }

  setCode(code: string[]): void {
    this.codeStep.setCode(code);
    this.codeError = null;
  }

  /** Step 1: validate, check the phone and IC are free, send the code, then step 2. */
  async proceed(): Promise<void> {
    if (this.busy) return;
    this.errors = this.detailsErrors();
    if (hasErrors(this.errors)) return;
    this.status = 'verifying';
    const { phoneNo, nationality, icOrPassport } = this;
    const check = await this.checkPhone.execute({ phoneNo, nationality, icOrPassport });
    if (!check.ok) {
      runInAction(() => {
        this.status = 'idle';
        this.screen.notifier.error(failureMessage(check.error, check.error.key));
      });
      return;
    }
    runInAction(() => (this.status = 'sending'));
    await this.sendCode(false);
  }

  async resend(): Promise<void> {
    if (this.busy || !this.codeStep.timer.canResend) return;
    this.status = 'resending';
    await this.sendCode(true);
  }

  /** Step 2: register with the code, then /login after 2 s. */
  async submitCode(): Promise<void> {
    if (this.busy) return;
    if (this.passwordNeeded) {
      this.errors = this.detailsErrors();
      if (hasErrors(this.errors)) return;
    }
    const code = this.codeStep.value;
    const codeError = checkForm(SignUpCodeForm, { code }).errors.code;
    if (codeError) {
      this.codeError = codeError;
      this.screen.notifier.error({ key: codeError });
      return;
    }
    this.status = 'registering';
    const { name, nationality, icOrPassport, phoneNo, password } = this;
    const details = { name, nationality, icOrPassport, phoneNo, password };
    const result = await this.register.execute({ ...details, code });
    runInAction(() => {
      if (!result.ok) {
        this.status = 'idle';
        this.screen.notifier.error(failureMessage(result.error, result.error.key));
        return;
      }
      this.status = 'registered';
      this.pending.forget();
      this.screen.notifier.success({ key: 'signUp.registered' });
      this.codeStep.finish(REDIRECT_AFTER_REGISTRATION_MS, () =>
        this.screen.navigation.go(Paths.login),
      );
    });
  }

  dispose(): void {
    this.codeStep.dispose();
  }

  /** Sends the registration code; once sent, step 2 shows with empty boxes and a fresh countdown. */
  private async sendCode(resending: boolean): Promise<void> {
    const sent = await this.codeStep.send({ phoneNo: this.phoneNo, purpose: 'registration' });
    runInAction(() => {
      this.status = 'idle';
      if (!sent.ok) {
        if (!resending && sent.error.code === 'SMS_COOLDOWN') {
          this.goOnWithCodeSent(sent.error.retryAfterSeconds);
          return;
        }
        const fallback = resending ? 'signUp.resendFailed' : 'signUp.sendFailed';
        this.screen.notifier.error(failureMessage(sent.error, fallback));
        return;
      }
      this.keepPending();
      this.screen.notifier.success({
        key: resending ? 'signUp.otpResent' : 'signUp.otpSent',
        values: { time: sent.value.expiresIn },
      });
    });
  }

  /** A reload on step 2 comes back to step 2 (the password asked again), with its countdowns. */
  private restore(): void {
    const kept = this.pending.resumable();
    if (kept === null) return;
    this.name = kept.name;
    this.nationality = kept.nationality;
    this.icOrPassport = kept.icOrPassport;
    this.phoneNo = kept.phoneNo;
    const alive = kept.expiresAt === null || kept.expiresAt > this.clock.now();
    if (!alive) return;
    this.passwordNeeded = true;
    this.codeStep.resume(kept.sentTo, { expiresAt: kept.expiresAt, resendAt: kept.resendAt });
  }

  /**
   * Proceed was refused because a code went to this number moments ago (another tab, or before a
   * reload that lost this tab's record): the member goes on to enter that code, and is told how
   * many seconds remain before a new one can be asked for.
   */
  private goOnWithCodeSent(retryAfterSeconds: number | undefined): void {
    const seconds = Math.max(1, retryAfterSeconds ?? DEFAULT_RESEND_COOLDOWN_SECONDS);
    const sentTo = normalisePhone(this.phoneNo);
    const kept = this.pending.recall();
    const expiresAt = kept?.sentTo === sentTo ? kept.expiresAt : null;
    this.codeStep.resume(sentTo, { expiresAt, resendAt: this.clock.now() + seconds * 1000 });
    this.keepPending();
    this.screen.notifier.error({ key: 'signUp.codeAlreadySent', values: { seconds } });
  }

  private keepPending(): void {
    const { name, nationality, icOrPassport, phoneNo } = this;
    const { expiresAt, resendAt } = this.codeStep.deadlines;
    const sentTo = this.codeStep.sentTo;
    const record: PendingSignUp = {
      name,
      nationality,
      icOrPassport,
      phoneNo,
      sentTo,
      expiresAt,
      resendAt,
    };
    this.pending.keep(record);
  }

  private detailsErrors(): FieldErrors<SignUpForm> {
    return checkForm(SignUpForm, {
      name: this.name,
      nationality: this.nationality,
      icOrPassport: this.icOrPassport,
      phoneNo: this.phoneNo,
      password: this.password,
      confirmPassword: this.confirmPassword,
    }).errors;
  }
}
