import { err, ok, type Result } from '../../contract/result';
import { failureFrom, type Failure } from '../model/failure';
import type { ClockPort } from '../ports/clock.port';
import type { FileSaverPort } from '../ports/file-saver.port';
import type { HttpPort } from '../ports/http.port';
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
    private readonly clock: ClockPort,
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
 * "Delete my account" (POST /user/account/delete) with the password and the typed word. Once the
 * API has erased it, the token is forgotten here too: every session of the member has ended.
 */
export class DeleteAccountUseCase {
  constructor(
    private readonly http: HttpPort,
    private readonly storage: StoragePort,
  ) {}

  async execute(input: { password: string; confirmation: string }): Promise<Result<void, Failure>> {
    const answer = await this.http.call('deleteAccount', {
      password: input.password,
      confirmation: input.confirmation.trim(),
    });
    if (!answer.ok) return err(failureFrom(answer.error, PersonalDataMessages.deleteFailed));
    this.storage.remove(StorageKeys.token);
    this.http.setToken(null);
    return ok(undefined);
  }
}
