import { ApiPaths } from '../../contract/api';
import { failureFrom, failureFromError, type Failure } from '../model/failure';
import { toSessionUser, type SessionUser, type SessionUserDto } from '../model/session-user';
import type { HttpPort } from '../ports/http.port';
import { StorageKeys, type StoragePort } from '../ports/storage.port';
import { normaliseIcOrPassport } from '../../contract/rules';
import { err, ok, type Result } from '../result';

export interface LoginInput {
  icOrPassport: string;
  password: string;
}

export interface LoggedIn {
  user: SessionUser;
  token: string;
}

type LoginDto = SessionUserDto & { token: string };

/** The spec: success (status 1 with data) stores the token and sets the bearer header. */
export class LoginUseCase {
  constructor(
    private readonly http: HttpPort,
    private readonly storage: StoragePort,
  ) {}

  async execute(input: LoginInput): Promise<Result<LoggedIn, Failure>> {
    try {
      const response = await this.http.post<LoginDto>(ApiPaths.login, {
        ic_or_passport: normaliseIcOrPassport(input.icOrPassport),
        password: input.password,
      });
      const data = response.data;
      if (response.status !== 1 || !data?.token) return err(failureFrom(response, 'login.failed'));
      this.storage.set(StorageKeys.token, data.token);
      this.http.setToken(data.token);
      return ok({ user: toSessionUser(data), token: data.token });
    } catch (error) {
      console.error('Login call failed', error);
      return err(failureFromError(error, 'login.failed'));
    }
  }
}
