import { inject, injectable } from 'inversify';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import { emailError, passwordError, totpCodeError } from '../../../domain/rules';
import type { SessionKeeper } from '../../../domain/use-cases/session-keeper.use-case';
import { failureText } from '../../shared/failure-text';
import { SESSION_KEEPER } from '../../shared/tokens';

type Field = 'email' | 'password' | 'totp_code';

/** Sign-in: e-mail, password and the authenticator's 6-digit code, all three every time. */
@injectable()
export class SignInViewModel {
  email = '';
  password = '';
  code = '';
  errors: Partial<Record<Field, string>> = {};
  failure: string | null = null;
  busy = false;

  constructor(@inject(SESSION_KEEPER) private readonly keeper: SessionKeeper) {
    observeExcept(this, ['keeper']);
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
    const code = totpCodeError(this.code);
    if (email) errors.email = email;
    if (password) errors.password = password;
    if (code) errors.totp_code = code;
    this.errors = errors;
    if (Object.keys(errors).length > 0) return false;
    this.busy = true;
    const answer = await this.keeper.signIn({
      email: this.email.trim(),
      password: this.password,
      totp_code: this.code,
    });
    this.done(answer.ok ? null : failureText(answer.error));
    return answer.ok;
  }

  private done(failure: string | null): void {
    this.busy = false;
    this.failure = failure;
    // Neither the password nor a used code stays in the form.
    this.password = '';
    this.code = '';
  }
}
