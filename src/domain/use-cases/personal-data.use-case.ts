import type { DeleteAccountRequest } from '../../contract/personal-data';
import { err, ok, type Result } from '../../contract/result';
import { failureFrom, type Failure } from '../model/failure';
import type { Clock } from '../ports/clock.port';
import type { FileSaverPort } from '../ports/file-saver.port';
import type { HttpPort } from '../ports/http.port';
import type { PasskeyPort } from '../ports/passkey.port';
import { ceremonyFailure, type CeremonyFailure } from './passkey-ceremony';
import { StorageKeys, type StoragePort } from '../ports/storage.port';

export const PersonalDataMessages = {
  downloadFailed: 'security.data.downloadFailed',
  deleteFailed: 'security.delete.failed',
} as const;

/** The data file's name, dated in Malaysia (UTC+8): `my-data-2026-11-24.json`. */
export function personalDataFileName(now: number): string {
  const malaysia = new Date(now + 8 * 60 * 60 * 1000);
  return `my-data-${malaysia.toISOString().slice(0, 10)}.json`;
}

/** "Download my data": the API's export (GET /user/data), saved as a readable JSON file. */
export class DownloadPersonalDataUseCase {
  constructor(
    private readonly http: HttpPort,
    private readonly saver: FileSaverPort,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<Result<void, Failure>> {
    const answer = await this.http.call('personalData', undefined);
    if (!answer.ok) return err(failureFrom(answer.error, PersonalDataMessages.downloadFailed));
    const text = `${JSON.stringify(answer.value, null, 2)}\n`;
    this.saver.save({
      bytes: new TextEncoder().encode(text),
      contentType: 'application/json',
      fileName: personalDataFileName(this.clock.now()),
    });
    return ok(undefined);
  }
}

/**
 * "Delete my account" (POST /user/account/delete) with the typed word and the password, or a
 * passkey's answer to the API's member-bound challenge. Once the API has erased it, the token is
 * forgotten here too: every session of the member has ended.
 */
export class DeleteAccountUseCase {
  constructor(
    private readonly http: HttpPort,
    private readonly storage: StoragePort,
    private readonly passkeys: PasskeyPort,
  ) {}

  async execute(input: { password: string; confirmation: string }): Promise<Result<void, Failure>> {
    return this.send({ password: input.password, confirmation: input.confirmation.trim() });
  }

  /** Confirmed by one of the member's passkeys instead of the password. */
  async executeWithPasskey(input: {
    confirmation: string;
  }): Promise<Result<void, Failure | CeremonyFailure>> {
    if (!this.passkeys.isSupported()) return err(ceremonyFailure('NOT_SUPPORTED'));
    const options = await this.http.call('deleteAccountPasskeyOptions', undefined);
    if (!options.ok) return err(failureFrom(options.error, PersonalDataMessages.deleteFailed));
    const answer = await this.passkeys.get(options.value.options, { autofill: false });
    if (!answer.ok) return err(ceremonyFailure(answer.error));
    return this.send({ passkey: answer.value, confirmation: input.confirmation.trim() });
  }

  private async send(request: DeleteAccountRequest): Promise<Result<void, Failure>> {
    const answer = await this.http.call('deleteAccount', request);
    if (!answer.ok) return err(failureFrom(answer.error, PersonalDataMessages.deleteFailed));
    this.storage.remove(StorageKeys.token);
    this.http.setToken(null);
    return ok(undefined);
  }
}
