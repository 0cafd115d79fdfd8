import type { OpsSessionResponse } from '../../../../src/contract/ops-api';
import { err, type Result } from '../../../../src/contract/result';
import type { OpsFailure, OpsHttpPort } from '../ports/ops-http.port';
import type { PasskeyPort, PasskeyRefusal } from '../ports/passkey.port';
import type { SessionKeeper } from './session-keeper.use-case';

/**
 * Sign-in with a passkey instead of a code: the password first (the API answers the request
 * options only after the right one), then the browser's passkey prompt, whose signature opens
 * the session.
 */
export class PasskeySignInUseCase {
  constructor(
    private readonly http: OpsHttpPort,
    private readonly passkeys: PasskeyPort,
    private readonly keeper: SessionKeeper,
  ) {}

  /** Whether to offer it at all: a browser with WebAuthn, on a page opened at a name. */
  available(): boolean {
    return this.passkeys.isAvailable();
  }

  async signIn(
    email: string,
    password: string,
  ): Promise<Result<OpsSessionResponse, OpsFailure | PasskeyRefusal>> {
    const options = await this.http.call('signInPasskeyOptions', { email, password });
    if (!options.ok) return options;
    const credential = await this.passkeys.get(options.value.options);
    if (!credential.ok) return err({ code: 'PASSKEY_CEREMONY', reason: credential.error });
    return this.keeper.signInWithPasskey({ email, credential: credential.value });
  }
}
