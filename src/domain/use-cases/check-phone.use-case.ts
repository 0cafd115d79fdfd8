import { failureFrom, type Failure } from '../model/failure';
import type { HttpPort } from '../ports/http.port';
import { normaliseIcOrPassport, normalisePhone, type Nationality } from '../../contract/rules';
import { err, ok, type Result } from '../../contract/result';

export interface CheckPhoneInput {
  phoneNo: string;
  nationality: Nationality;
  icOrPassport: string;
}

/**
 * Sign-up may proceed only when the server answers can_proceed true. Otherwise its reason (the
 * phone or the IC/passport is taken) is the failure's code.
 */
export class CheckPhoneUseCase {
  constructor(private readonly http: HttpPort) {}

  async execute(input: CheckPhoneInput): Promise<Result<void, Failure>> {
    const answer = await this.http.call('userExists', {
      phone: normalisePhone(input.phoneNo),
      nationality: input.nationality,
      ic: normaliseIcOrPassport(input.icOrPassport),
    });
    if (!answer.ok) return err(failureFrom(answer.error, 'signUp.phoneCheckFailed'));
    if (answer.value.can_proceed === true) return ok(undefined);
    const reason = answer.value.reason;
    return err({ key: 'signUp.phoneTaken', ...(reason !== undefined ? { code: reason } : {}) });
  }
}
