import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import { LoginForm } from '../../../domain/rules/login-form';
import { hasErrors, validate, type FieldErrors } from '../../../domain/rules/validate';
import type { LoginUseCase } from '../../../domain/use-cases/login.use-case';
import { NAVIGATION, type Navigation } from '../../shared/navigation';
import { NOTIFIER, type Notifier } from '../../shared/notifier';
import { failureMessage } from '../../shared/error-messages';
import { Paths } from '../../shared/paths';
import { SessionViewModel } from '../../shared/session.view-model';
import { LOGIN_USE_CASE } from '../../shared/tokens';
import { observeExcept } from '../../shared/observe-except';

export type LoginStatus = 'idle' | 'submitting';
type Field = 'icOrPassport' | 'password';

@injectable()
export class LoginViewModel {
  status: LoginStatus = 'idle';
  icOrPassport = '';
  password = '';
  errors: FieldErrors<LoginForm> = {};
  /** The page the guard sent the visitor from (?next=): where a login takes them. */
  returnTo: string | null = null;

  constructor(
    @inject(LOGIN_USE_CASE) private readonly login: LoginUseCase,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(NOTIFIER) private readonly notifier: Notifier,
    @inject(NAVIGATION) private readonly navigation: Navigation,
  ) {
    observeExcept(this, ['login', 'session', 'notifier', 'navigation']);
  }

  get busy(): boolean {
    return this.status === 'submitting';
  }

  /** The session was ended by the server's check, not by the member: the page says why. */
  get sessionEnded(): boolean {
    return this.session.endedByCheck;
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
        this.notifier.error(failureMessage(result.error, result.error.key));
        return;
      }
      this.session.loggedIn(result.value.user, result.value.token);
      // The landing page after login is /payment; a member sent here by the guard goes back,
      // and the toast then does not name the payment page.
      const destination = this.returnTo ?? Paths.payment;
      const toPayment = /^\/payment(?:[?#]|$)/.test(destination);
      this.notifier.success({ key: toPayment ? 'login.success' : 'login.successReturning' });
      this.navigation.go(destination);
    });
  }

  dispose(): void {
    // Nothing scheduled: login has no timers.
  }

  private formErrors(): FieldErrors<LoginForm> {
    return validate(
      LoginForm.of({ icOrPassport: this.icOrPassport.trim(), password: this.password }),
    );
  }
}
