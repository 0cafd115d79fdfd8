import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import type { EnrolmentInvitation } from '../../../domain/model/enrolment';
import { newPasswordError, totpCodeError } from '../../../domain/rules';
import {
  enrolmentTokenOf,
  type EnrolmentUseCase,
} from '../../../domain/use-cases/enrolment.use-case';
import { failureText } from '../../shared/failure-text';
import { ENROLMENT } from '../../shared/tokens';

type Field = 'password' | 'confirmation' | 'totp_code';
/** Where the enrolment is: reading the link, refused, the form (being sent), or finished. */
export type EnrolmentStatus = 'loading' | 'invalid' | 'ready' | 'submitting' | 'done';
/** The second factor: an authenticator app's codes, or a passkey created in this browser. */
export type SecondFactor = 'totp' | 'passkey';

/**
 * Enrolment from a one-time link: the link's token (in the URL's fragment) gives the name, role
 * and the authenticator secret (a QR code and the secret as text); then a password and the app's
 * first code finish it. Where the browser can, a passkey may take the app's place: the password,
 * then the browser's prompt to create it.
 */
@injectable()
export class EnrolmentViewModel {
  status: EnrolmentStatus = 'loading';
  details: EnrolmentInvitation | null = null;
  password = '';
  confirmation = '';
  code = '';
  method: SecondFactor = 'totp';
  errors: Partial<Record<Field, string>> = {};
  failure: string | null = null;
  private token: string | null = null;

  constructor(@inject(ENROLMENT) private readonly enrolment: EnrolmentUseCase) {
    observeExcept(this, ['enrolment', 'token']);
  }

  /** The page as the view shows it: the form stays while it is being sent. */
  get phase(): Exclude<EnrolmentStatus, 'submitting'> {
    return this.status === 'submitting' ? 'ready' : this.status;
  }

  get busy(): boolean {
    return this.status === 'submitting';
  }

  /** Reads the link's token from the URL's fragment and what the API says of it. */
  async load(hash: string): Promise<void> {
    this.token = enrolmentTokenOf(hash);
    if (this.token === null) {
      this.status = 'invalid';
      return;
    }
    const answer = await this.enrolment.start(this.token);
    runInAction(() => {
      this.details = answer.ok ? answer.value : null;
      this.failure = answer.ok ? null : failureText(answer.error);
      this.status = answer.ok ? 'ready' : 'invalid';
    });
  }

  setPassword(value: string): void {
    this.password = value;
  }
  setConfirmation(value: string): void {
    this.confirmation = value;
  }
  setCode(value: string): void {
    this.code = value.replace(/\D/g, '').slice(0, 6);
  }

  /** Whether a passkey is offered: a browser with WebAuthn, on a page opened at a name. */
  get passkeyAvailable(): boolean {
    return this.enrolment.passkeyAvailable();
  }

  setMethod(method: SecondFactor): void {
    if (method === 'passkey' && !this.passkeyAvailable) return;
    this.method = method;
    this.errors = {};
    this.failure = null;
  }

  async submit(): Promise<void> {
    if (this.status !== 'ready' || this.token === null) return;
    const errors: Partial<Record<Field, string>> = {};
    const password = newPasswordError(this.password, this.confirmation);
    if (password === 'errors.passwordMismatch') errors.confirmation = password;
    else if (password) errors.password = password;
    const code = this.method === 'totp' ? totpCodeError(this.code) : null;
    if (code) errors.totp_code = code;
    this.errors = errors;
    this.failure = null;
    if (Object.keys(errors).length > 0) return;
    this.status = 'submitting';
    const answer =
      this.method === 'passkey'
        ? await this.enrolment.finishWithPasskey(this.token, this.password, this.confirmation)
        : await this.enrolment.finish(this.token, this.password, this.confirmation, this.code);
    runInAction(() => {
      this.code = '';
      if (!answer.ok && 'field' in answer.error && answer.error.field === 'totp_code') {
        // The app's first code refused: said on the code field, not as a form-wide failure.
        this.status = 'ready';
        this.errors = { totp_code: 'errors.codeNotAccepted' };
        return;
      }
      this.failure = answer.ok ? null : failureText(answer.error);
      this.status = answer.ok ? 'done' : 'ready';
      if (answer.ok) {
        this.password = '';
        this.confirmation = '';
      }
    });
  }
}
