import { err, ok, type Result } from '../../contract/result';
import { failureFrom, type Failure } from '../model/failure';
import { toPasskey, type Passkey } from '../model/security';
import type { HttpPort } from '../ports/http.port';
import type { PasskeyPort } from '../ports/passkey.port';
import { callForOutcome } from './call-for-outcome';
import { ceremonyFailure, type CeremonyFailure } from './passkey-ceremony';

export const PasskeysMessages = {
  loadFailed: 'security.passkeys.loadFailed',
  addFailed: 'security.passkeys.addFailed',
  renameFailed: 'security.passkeys.renameFailed',
  removeFailed: 'security.passkeys.removeFailed',
} as const;

/** The member's passkeys: listed, renamed, removed (a foreign id answers PASSKEY_NOT_FOUND). */
export class ManagePasskeysUseCase {
  constructor(private readonly http: HttpPort) {}

  async list(): Promise<Result<Passkey[], Failure>> {
    const answer = await this.http.call('passkeys', undefined);
    if (!answer.ok) return err(failureFrom(answer.error, PasskeysMessages.loadFailed));
    return ok(answer.value.passkeys.map(toPasskey));
  }

  rename(passkeyId: string, name: string): Promise<Result<void, Failure>> {
    return callForOutcome(
      this.http,
      'renamePasskey',
      { passkey_id: passkeyId, name: name.trim() },
      PasskeysMessages.renameFailed,
    );
  }

  remove(passkeyId: string): Promise<Result<void, Failure>> {
    return callForOutcome(
      this.http,
      'removePasskey',
      { passkey_id: passkeyId },
      PasskeysMessages.removeFailed,
    );
  }
}

/**
 * Adds a passkey: the password confirmed by the API (which answers the creation options), the
 * browser's authenticator creates the credential, and the API registers it under the name given.
 * Nothing is registered when the member cancels the browser's prompt.
 */
export class AddPasskeyUseCase {
  constructor(
    private readonly http: HttpPort,
    private readonly passkeys: PasskeyPort,
  ) {}

  isSupported(): boolean {
    return this.passkeys.isSupported();
  }

  /** The page's address is an IP address: passkeys need the site's name. */
  servedFromIpAddress(): boolean {
    return this.passkeys.servedFromIpAddress();
  }

  async execute(input: {
    password: string;
    name: string;
  }): Promise<Result<Passkey, Failure | CeremonyFailure>> {
    if (!this.passkeys.isSupported()) return err(ceremonyFailure('NOT_SUPPORTED'));
    const options = await this.http.call('passkeyRegistrationOptions', {
      password: input.password,
    });
    if (!options.ok) return err(failureFrom(options.error, PasskeysMessages.addFailed));
    const credential = await this.passkeys.create(options.value.options);
    if (!credential.ok) return err(ceremonyFailure(credential.error));
    const registered = await this.http.call('registerPasskey', {
      name: input.name.trim(),
      credential: credential.value,
    });
    if (!registered.ok) return err(failureFrom(registered.error, PasskeysMessages.addFailed));
    return ok(toPasskey(registered.value));
  }
}
