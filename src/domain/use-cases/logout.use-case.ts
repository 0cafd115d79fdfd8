import { failureFrom, type Failure } from '../model/failure';
import type { HttpPort } from '../ports/http.port';
import { StorageKeys, type StoragePort } from '../ports/storage.port';
import { err, ok, type Result } from '../../contract/result';

/**
 * Tells the server, then clears the stored token and the bearer header even when the server call
 * fails (the member asked to leave; a dead server must not keep them in). The failure is still
 * reported, so the screen can say the server was not told.
 */
export class LogoutUseCase {
  constructor(
    private readonly http: HttpPort,
    private readonly storage: StoragePort,
  ) {}

  async execute(): Promise<Result<void, Failure>> {
    const answer = await this.http.call('logout', undefined);
    this.storage.remove(StorageKeys.token);
    this.http.setToken(null);
    return answer.ok ? ok(undefined) : err(failureFrom(answer.error, 'session.logoutFailed'));
  }
}
