import type { Failure } from '../model/failure';
import type { HttpPort } from '../ports/http.port';
import { normalisePhone } from '../../contract/rules';
import type { Result } from '../../contract/result';
import { callForOutcome } from './call-for-outcome';

export interface ResetPasswordInput {
  phoneNo: string;
  code: string;
  newPassword: string;
}

export class ResetPasswordUseCase {
  constructor(private readonly http: HttpPort) {}

  async execute(input: ResetPasswordInput): Promise<Result<void, Failure>> {
    return callForOutcome(
      this.http,
      'resetPassword',
      {
        phone_no: normalisePhone(input.phoneNo),
        tac_code: input.code,
        new_password: input.newPassword,
      },
      'forgotPassword.resetFailed',
    );
  }
}
