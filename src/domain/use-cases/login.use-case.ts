import { failureFrom, type Failure } from '../model/failure';
import { toSessionUser, type SessionUser } from '../model/session-user';
import type { HttpPort } from '../ports/http.port';
import { StorageKeys, type StoragePort } from '../ports/storage.port';
import { normaliseIcOrPassport } from '../../contract/rules';
import { err, ok, type Result } from '../../contract/result';

export interface LoginInput {
  icOrPassport: string;
  password: string;
}

export interface LoggedIn {
  user: SessionUser;
  token: string;
}

/** A successful login stores the token and sends it as the bearer header from then on. */
export class LoginUseCase {
  constructor(
    private readonly http: HttpPort,
    private readonly storage: StoragePort,
  ) {}

  async execute(input: LoginInput): Promise<Result<LoggedIn, Failure>> {
    const answer = await this.http.call('login', {
      ic_or_passport: normaliseIcOrPassport(input.icOrPassport),
      password: input.password,
    });
    if (!answer.ok) return err(failureFrom(answer.error, 'login.failed'));
    const data = answer.value;
    // A success without a token cannot start a session: the answer is not one we understand.
    if (typeof data !== 'object' || data === null || !data.token)
      return err({ key: 'login.failed', code: 'INVALID_RESPONSE' });
    this.storage.set(StorageKeys.token, data.token);
    this.http.setToken(data.token);
    return ok({ user: toSessionUser(data), token: data.token });
  }
}
