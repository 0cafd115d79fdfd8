import { failureFrom, type Failure } from '../model/failure';
import { toSessionUser, type SessionUser } from '../model/session-user';
import type { HttpPort } from '../ports/http.port';
import { StorageKeys, type StoragePort } from '../ports/storage.port';
import { err, ok, type Result } from '../../contract/result';

/**
 * Checks a token with the server. A confirmed session gives the member; any other answer or no
 * answer ends the session locally (stored token and bearer header cleared). A check cut off
 * because the page itself is being left (reload, navigation) proves nothing: the session is kept,
 * or every reload during a check would log the member out.
 */
export class CheckSessionUseCase {
  constructor(
    private readonly http: HttpPort,
    private readonly storage: StoragePort,
  ) {}

  async execute(token: string): Promise<Result<SessionUser, Failure>> {
    this.http.setToken(token);
    const answer = await this.http.call('sessionCheck', undefined);
    // A success must name the member; one that does not confirms nothing.
    if (answer.ok && typeof answer.value === 'object' && answer.value !== null) {
      return ok(toSessionUser(answer.value));
    }
    const failure: Failure = answer.ok
      ? { key: 'session.expired', code: 'INVALID_RESPONSE' }
      : failureFrom(answer.error, 'session.expired');
    if (failure.interrupted) return err(failure);
    // Only end the session this check was about: a login meanwhile stored a newer token.
    if (this.storage.get(StorageKeys.token) === token) this.storage.remove(StorageKeys.token);
    if (this.storage.get(StorageKeys.token) === null) this.http.setToken(null);
    return err(failure);
  }
}
