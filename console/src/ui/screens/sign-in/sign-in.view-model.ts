import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import { emailError, passwordError, totpCodeError } from '../../../domain/rules';
import type { EnrolmentUseCase } from '../../../domain/use-cases/enrolment.use-case';
import type { PasskeySignInUseCase } from '../../../domain/use-cases/passkey-sign-in.use-case';
import type { SessionKeeper } from '../../../domain/use-cases/session-keeper.use-case';
import { failureText } from '../../shared/failure-text';
import { ENROLMENT, PASSKEY_SIGN_IN, SESSION_KEEPER } from '../../shared/tokens';

type Field = 'email' | 'password' | 'totp_code';
/** The second factor of this sign-in: the authenticator app's code, or a passkey. */
export type SignInMode = 'code' | 'passkey';

/**
 * Sign-in: e-mail, password and a second factor every time, either the authenticator's 6-digit
 * code or, where the browser can, a passkey (the password first, then the browser's prompt).
 */
@injectable()
export class SignInViewModel {
  email = '';
  password = '';
  code = '';
  mode: SignInMode = 'code';
  errors: Partial<Record<Field, string>> = {};
  failure: string | null = null;
  status: 'idle' | 'submitting' = 'idle';

  constructor(
    @inject(SESSION_KEEPER) private readonly keeper: SessionKeeper,
    @inject(PASSKEY_SIGN_IN) private readonly passkeys: PasskeySignInUseCase,
    @inject(ENROLMENT) private readonly enrolment: EnrolmentUseCase,
  ) {
    observeExcept(this, ['keeper', 'passkeys', 'enrolment']);
  }

  setEmail(value: string): void {
    this.email = value;
  }
  setPassword(value: string): void {
    this.password = value;
  }
  setCode(value: string): void {
    // Digits only: an authenticator app shows "123 456".
    this.code = value.replace(/\D/g, '').slice(0, 6);
  }

  get busy(): boolean {
    return this.status !== 'idle';
  }

  /** Whether a passkey is offered: a browser with WebAuthn, on a page opened at a name. */
  get passkeyAvailable(): boolean {
    return this.passkeys.available();
  }

  setMode(mode: SignInMode): void {
    if (this.busy || (mode === 'passkey' && !this.passkeyAvailable)) return;
    this.mode = mode;
    this.code = '';
    this.errors = {};
    this.failure = null;
  }

  /** The first field in error, for the view to focus after a refused submit. */
  get firstError(): Field | null {
    return (['email', 'password', 'totp_code'] as const).find((f) => this.errors[f]) ?? null;
  }

  async submit(): Promise<boolean> {
    if (this.busy) return false;
    this.failure = null;
    const errors: Partial<Record<Field, string>> = {};
    const email = emailError(this.email);
    const password = this.password === '' ? passwordError(this.password) : null;
    let code = this.mode === 'code' ? totpCodeError(this.code) : null;
    // The code the enrolment just finished with is spent: the app's next one signs in.
    if (code === null && this.mode === 'code' && this.enrolment.spentByEnrolment(this.code)) {
      code = 'errors.codeJustUsed';
    }
    if (email) errors.email = email;
    if (password) errors.password = password;
    if (code) errors.totp_code = code;
    this.errors = errors;
    if (Object.keys(errors).length > 0) return false;
    this.status = 'submitting';
    const answer =
      this.mode === 'passkey'
        ? await this.passkeys.signIn(this.email.trim(), this.password)
        : await this.keeper.signIn({
            email: this.email.trim(),
            password: this.password,
            totp_code: this.code,
          });
    runInAction(() => {
      this.status = 'idle';
      this.failure = answer.ok ? null : failureText(answer.error);
      // Neither the password nor a used code stays in the form.
      this.password = '';
      this.code = '';
    });
    return answer.ok;
  }
}
