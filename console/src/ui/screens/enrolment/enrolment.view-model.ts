import { inject, injectable } from 'inversify';
import type { EnrolmentStartResponse } from '../../../../../src/contract/ops-api';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import { newPasswordError, totpCodeError } from '../../../domain/rules';
import {
  enrolmentTokenOf,
  type EnrolmentUseCase,
} from '../../../domain/use-cases/enrolment.use-case';
import { failureText } from '../../shared/failure-text';
import { ENROLMENT } from '../../shared/tokens';

type Field = 'password' | 'confirmation' | 'totp_code';
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
  phase: 'loading' | 'invalid' | 'ready' | 'done' = 'loading';
  details: EnrolmentStartResponse | null = null;
  password = '';
  confirmation = '';
  code = '';
  method: SecondFactor = 'totp';
  errors: Partial<Record<Field, string>> = {};
  failure: string | null = null;
  busy = false;
  private token: string | null = null;

  constructor(@inject(ENROLMENT) private readonly enrolment: EnrolmentUseCase) {
    observeExcept(this, ['enrolment', 'token']);
  }

  async start(hash: string): Promise<void> {
    this.token = enrolmentTokenOf(hash);
    if (this.token === null) {
      this.phase = 'invalid';
      return;
    }
    const answer = await this.enrolment.start(this.token);
    this.started(answer.ok ? answer.value : null, answer.ok ? null : failureText(answer.error));
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

  async finish(): Promise<void> {
    if (this.busy || this.token === null) return;
    const errors: Partial<Record<Field, string>> = {};
    const password = newPasswordError(this.password, this.confirmation);
    if (password === 'errors.passwordMismatch') errors.confirmation = password;
    else if (password) errors.password = password;
    const code = this.method === 'totp' ? totpCodeError(this.code) : null;
    if (code) errors.totp_code = code;
    this.errors = errors;
    this.failure = null;
    if (Object.keys(errors).length > 0) return;
    this.busy = true;
    const answer =
      this.method === 'passkey'
        ? await this.enrolment.finishWithPasskey(this.token, this.password, this.confirmation)
        : await this.enrolment.finish(this.token, this.password, this.confirmation, this.code);
    if (!answer.ok && 'field' in answer.error && answer.error.field === 'totp_code') {
      // The app's first code refused: said on the code field, not as a form-wide failure.
      this.busy = false;
      this.code = '';
      this.errors = { totp_code: 'errors.codeNotAccepted' };
      return;
    }
    this.finished(answer.ok ? null : failureText(answer.error));
  }

  private started(details: EnrolmentStartResponse | null, failure: string | null): void {
    this.details = details;
    this.failure = failure;
    this.phase = details === null ? 'invalid' : 'ready';
  }

  private finished(failure: string | null): void {
    this.busy = false;
    this.failure = failure;
    this.code = '';
    if (failure === null) {
      this.phase = 'done';
      this.password = '';
      this.confirmation = '';
    }
  }
}
