import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import { LoginForm } from '../../../domain/rules/login-form';
import { hasErrors, validate, type FieldErrors } from '../../../domain/rules/validate';
import type { LoggedIn, LoginUseCase } from '../../../domain/use-cases/login.use-case';
import type { CeremonyFailure } from '../../../domain/use-cases/passkey-ceremony';
import type { PasskeyAutofillUseCase } from '../../../domain/use-cases/passkey-autofill.use-case';
import type { PasskeyLoginUseCase } from '../../../domain/use-cases/passkey-login.use-case';
import { failureMessage } from '../../shared/error-messages';
import { Paths } from '../../shared/paths';
import { Screen } from '../../shared/screen';
import {
  LOGIN_USE_CASE,
  PASSKEY_AUTOFILL_USE_CASE,
  PASSKEY_LOGIN_USE_CASE,
} from '../../shared/tokens';
import { observeExcept } from '../../../ui-kit/observe-except';
import type { Failure } from '../../../domain/model/failure';
import type { Result } from '../../../contract/result';

export type LoginStatus = 'idle' | 'submitting' | 'passkey';
type Field = 'icOrPassport' | 'password';

@injectable()
export class LoginViewModel {
  status: LoginStatus = 'idle';
  icOrPassport = '';
  password = '';
  errors: FieldErrors<LoginForm> = {};
  /** The page the guard sent the visitor from (?next=): where a login takes them. */
  returnTo: string | null = null;
  /** This browser has WebAuthn: the passkey button is shown. */
  readonly passkeySupported: boolean;
  private disposed = false;

  constructor(
    @inject(LOGIN_USE_CASE) private readonly login: LoginUseCase,
    @inject(Screen) private readonly screen: Screen,
    @inject(PASSKEY_LOGIN_USE_CASE) private readonly passkeyLogin: PasskeyLoginUseCase,
    @inject(PASSKEY_AUTOFILL_USE_CASE) private readonly autofill: PasskeyAutofillUseCase,
  ) {
    this.passkeySupported = passkeyLogin.isSupported();
    observeExcept(this, ['login', 'screen', 'passkeyLogin', 'autofill', 'disposed']);
  }

  get busy(): boolean {
    return this.status !== 'idle';
  }

  /** The session was ended by the server's check, not by the member: the page says why. */
  get sessionEnded(): boolean {
    return this.screen.session.endedByCheck;
  }

  /**
   * Only a path of this app ('/movies'), never another site ('//evil.example', 'https:...').
   * Home ('/') is where the guard sends anyone who opened the app logged out: the usual landing
   * page (/payment) stays the destination then.
   */
  setReturnTo(next: string | null): void {
    const internal = next !== null && /^\/(?![/\\])/.test(next);
    const home = next !== null && /^\/(?:[?#]|$)/.test(next);
    this.returnTo = internal && !home && !next.startsWith(Paths.login) ? next : null;
  }

  setField(field: Field, value: string): void {
    this[field] = value;
    // Re-validate a field the member is correcting, so its error clears as soon as it is right.
    if (this.errors[field]) this.errors = { ...this.errors, [field]: this.formErrors()[field] };
  }

  async submit(): Promise<void> {
    if (this.busy) return;
    this.errors = this.formErrors();
    if (hasErrors(this.errors)) return;
    this.status = 'submitting';
    const result = await this.login.execute({
      icOrPassport: this.icOrPassport,
      password: this.password,
    });
    runInAction(() => {
      this.status = 'idle';
      if (!result.ok) {
        this.screen.notifier.error(failureMessage(result.error, result.error.key));
        return;
      }
      this.enter(result.value);
    });
  }

  /** "Sign in with a passkey": the browser's prompt, then the same session as a password's. */
  async signInWithPasskey(): Promise<void> {
    if (this.busy || !this.passkeySupported) return;
    this.status = 'passkey';
    const result = await this.passkeyLogin.execute({ autofill: false });
    if (this.disposed) return;
    runInAction(() => {
      this.status = 'idle';
      this.afterPasskey(result);
    });
    // The modal prompt replaced the IC field's passkey suggestions: offer them again.
    if (!result.ok) void this.startAutofill();
  }

  /**
   * Passkeys in the IC field's suggestions (conditional mediation), where the browser offers
   * them: the request waits (renewed before its challenge expires) until the member picks one,
   * the page is left, or the button's request replaces it.
   */
  async startAutofill(): Promise<void> {
    if (this.disposed || !this.passkeySupported) return;
    const result = await this.autofill.execute();
    if (result === null || this.disposed || this.status !== 'idle') return;
    runInAction(() => this.afterPasskey(result));
  }

  dispose(): void {
    // The waiting passkey request ends and its renewal timer goes.
    this.disposed = true;
    this.autofill.stop();
  }

  private afterPasskey(result: Result<LoggedIn, Failure | CeremonyFailure>): void {
    if (result.ok) {
      this.enter(result.value);
      return;
    }
    // A dismissed or replaced prompt is the member's choice: nothing to say.
    if ((result.error as Partial<CeremonyFailure>).ceremony === 'CANCELLED') return;
    this.screen.notifier.error(failureMessage(result.error, result.error.key));
  }

  private enter(loggedIn: LoggedIn): void {
    this.screen.session.loggedIn(loggedIn.user, loggedIn.token);
    // The landing page after login is /payment; a member sent here by the guard goes back,
    // and the toast then does not name the payment page.
    const destination = this.returnTo ?? Paths.payment;
    const toPayment = /^\/payment(?:[?#]|$)/.test(destination);
    this.screen.notifier.success({ key: toPayment ? 'login.success' : 'login.successReturning' });
    this.screen.navigation.go(destination);
  }

  private formErrors(): FieldErrors<LoginForm> {
    return validate(
      LoginForm.of({ icOrPassport: this.icOrPassport.trim(), password: this.password }),
    );
  }
}
