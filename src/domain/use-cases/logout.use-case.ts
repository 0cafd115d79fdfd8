import { ApiPaths } from '../../contract/api';
import { failureFrom, failureFromError, type Failure } from '../model/failure';
import type { HttpPort } from '../ports/http.port';
import { StorageKeys, type StoragePort } from '../ports/storage.port';
import { err, ok, type Result } from '../result';

/**
 * The spec: tells the server, then clears the stored token and the bearer header even when
 * the server call fails (the member asked to leave; a dead server must not keep them in).
 */
export class LogoutUseCase {
  constructor(
    private readonly http: HttpPort,
    private readonly storage: StoragePort,
  ) {}

  async execute(): Promise<Result<void, Failure>> {
    let result: Result<void, Failure>;
    try {
      const response = await this.http.post(ApiPaths.logout);
      result =
        response.status === 1 ? ok(undefined) : err(failureFrom(response, 'session.logoutFailed'));
    } catch (error) {
      console.error('Logout call failed; logging out locally', error);
      result = err(failureFromError(error, 'session.logoutFailed'));
    }
    this.storage.remove(StorageKeys.token);
    this.http.setToken(null);
    return result;
  }
}
