import type { Failure } from '../model/failure';
import type { HttpPort } from '../ports/http.port';
import { normaliseIcOrPassport, normalisePhone, type Nationality } from '../../contract/rules';
import type { Result } from '../../contract/result';
import { callForOutcome } from './call-for-outcome';

export interface RegisterInput {
  name: string;
  nationality: Nationality;
  icOrPassport: string;
  phoneNo: string;
  password: string;
  code: string;
}

export class RegisterUseCase {
  constructor(private readonly http: HttpPort) {}

  async execute(input: RegisterInput): Promise<Result<void, Failure>> {
    return callForOutcome(
      this.http,
      'register',
      {
        name: input.name.trim(),
        nationality: input.nationality,
        ic_or_passport: normaliseIcOrPassport(input.icOrPassport),
        phone_no: normalisePhone(input.phoneNo),
        password: input.password,
        tac_code: input.code,
      },
      'signUp.registrationFailed',
    );
  }
}
