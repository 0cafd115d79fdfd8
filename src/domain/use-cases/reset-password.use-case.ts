import { failureFrom, type Failure } from '../model/failure';
import type { HttpPort } from '../ports/http.port';
import { normalisePhone } from '../../contract/rules';
import { err, ok, type Result } from '../../contract/result';

export interface ResetPasswordInput {
  phoneNo: string;
  code: string;
  newPassword: string;
}

export class ResetPasswordUseCase {
  constructor(private readonly http: HttpPort) {}

  async execute(input: ResetPasswordInput): Promise<Result<void, Failure>> {
    const answer = await this.http.call('resetPassword', {
      phone_no: normalisePhone(input.phoneNo),
      tac_code: input.code,
      new_password: input.newPassword,
    });
    return answer.ok ? ok(undefined) : err(failureFrom(answer.error, 'forgotPassword.resetFailed'));
  }
}
