import { ApiPaths } from '../../contract/api';
import { failureFrom, failureFromError, type Failure } from '../model/failure';
import { toSessionUser, type SessionUser, type SessionUserDto } from '../model/session-user';
import { HttpError, type HttpPort } from '../ports/http.port';
import { StorageKeys, type StoragePort } from '../ports/storage.port';
import { err, ok, type Result } from '../result';

/**
 * The spec: checks a token with the server. Status 1 with data gives the member; any other
 * answer or no answer ends the session locally (stored token and bearer header cleared). A check
 * cut off because the page itself is being left (reload, navigation) proves nothing: the session
 * is kept, or every reload during a check would log the member out.
 */
export class CheckSessionUseCase {
  constructor(
    private readonly http: HttpPort,
    private readonly storage: StoragePort,
  ) {}

  async execute(token: string): Promise<Result<SessionUser, Failure>> {
    this.http.setToken(token);
    let failure: Failure;
    try {
      const response = await this.http.post<SessionUserDto>(ApiPaths.sessionCheck);
      if (response.status === 1 && response.data) return ok(toSessionUser(response.data));
      failure = failureFrom(response, 'session.expired');
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'interrupted') {
        return err({ key: 'session.expired', interrupted: true });
      }
      failure = failureFromError(error, 'session.expired');
    }
    // Only end the session this check was about: a login meanwhile stored a newer token.
    if (this.storage.get(StorageKeys.token) === token) this.storage.remove(StorageKeys.token);
    if (this.storage.get(StorageKeys.token) === null) this.http.setToken(null);
    return err(failure);
  }
}
