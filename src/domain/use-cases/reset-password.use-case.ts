import { ApiPaths } from '../../contract/api';
import { failureFrom, failureFromError, type Failure } from '../model/failure';
import type { HttpPort } from '../ports/http.port';
import { normalisePhone } from '../../contract/rules';
import { err, ok, type Result } from '../result';

export interface ResetPasswordInput {
  phoneNo: string;
  code: string;
  newPassword: string;
}

export class ResetPasswordUseCase {
  constructor(private readonly http: HttpPort) {}

  async execute(input: ResetPasswordInput): Promise<Result<void, Failure>> {
    try {
      const response = await this.http.post(ApiPaths.resetPassword, {
        phone_no: normalisePhone(input.phoneNo),
        tac_code: input.code,
        new_password: input.newPassword,
      });
      return response.status === 1
        ? ok(undefined)
        : err(failureFrom(response, 'forgotPassword.resetFailed'));
    } catch (error) {
      return err(failureFromError(error, 'forgotPassword.resetFailed'));
    }
  }
}
