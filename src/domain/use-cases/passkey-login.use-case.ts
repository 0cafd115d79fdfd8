import { err, ok, type Result } from '../../contract/result';
import { failureFrom, type Failure } from '../model/failure';
import { toSessionUser } from '../model/session-user';
import type { HttpPort } from '../ports/http.port';
import type { PasskeyPort } from '../ports/passkey.port';
import { StorageKeys, type StoragePort } from '../ports/storage.port';
import type { LoggedIn } from './login.use-case';
import { ceremonyFailure, type CeremonyFailure } from './passkey-ceremony';

export const PASSKEY_LOGIN_FAILED = 'login.passkeyFailed';

/** A failure before the browser asked the member anything (the API gave no challenge). */
export interface BeforePromptFailure extends Failure {
  beforePrompt: true;
}

/**
 * Signs in with a passkey: the API's request options, the browser's signature (from the
 * "Sign in with a passkey" button, or with `autofill` from the IC field's suggestions), then the
 * API's session, stored like a password login's. A cancelled prompt changes nothing.
 */
export class PasskeyLoginUseCase {
  constructor(
    private readonly http: HttpPort,
    private readonly storage: StoragePort,
    private readonly passkeys: PasskeyPort,
  ) {}

  isSupported(): boolean {
    return this.passkeys.isSupported();
  }

  supportsAutofill(): Promise<boolean> {
    return this.passkeys.isSupported() ? this.passkeys.supportsAutofill() : Promise.resolve(false);
  }

  async execute(mode: {
    autofill: boolean;
  }): Promise<Result<LoggedIn, Failure | CeremonyFailure | BeforePromptFailure>> {
    if (!this.passkeys.isSupported()) return err(ceremonyFailure('NOT_SUPPORTED'));
    const options = await this.http.call('passkeyLoginOptions', undefined);
    if (!options.ok)
      return err({ ...failureFrom(options.error, PASSKEY_LOGIN_FAILED), beforePrompt: true });
    const credential = await this.passkeys.get(options.value.options, mode);
    if (!credential.ok) return err(ceremonyFailure(credential.error));
    const answer = await this.http.call('passkeyLogin', { credential: credential.value });
    if (!answer.ok) return err(failureFrom(answer.error, PASSKEY_LOGIN_FAILED));
    const data = answer.value;
    if (typeof data !== 'object' || data === null || !data.token)
      return err({ key: PASSKEY_LOGIN_FAILED, code: 'INVALID_RESPONSE' });
    this.storage.set(StorageKeys.token, data.token);
    this.http.setToken(data.token);
    return ok({ user: toSessionUser(data), token: data.token });
  }

  /** Ends a waiting autofill request (the login page was left). */
  cancel(): void {
    this.passkeys.cancel();
  }
}
