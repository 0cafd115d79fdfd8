import { ApiPaths } from '../../contract/api';
import { failureFrom, failureFromError, type Failure } from '../model/failure';
import type { HttpPort } from '../ports/http.port';
import { normaliseIcOrPassport, normalisePhone, type Nationality } from '../../contract/rules';
import { err, ok, type Result } from '../result';

export interface CheckPhoneInput {
  phoneNo: string;
  nationality: Nationality;
  icOrPassport: string;
}

/** Sign-up may proceed only when the server answers status 1 and can_proceed true. */
export class CheckPhoneUseCase {
  constructor(private readonly http: HttpPort) {}

  async execute(input: CheckPhoneInput): Promise<Result<void, Failure>> {
    try {
      const response = await this.http.get<{ can_proceed?: boolean }>(ApiPaths.userExists, {
        query: {
          phone: normalisePhone(input.phoneNo),
          nationality: input.nationality,
          ic: normaliseIcOrPassport(input.icOrPassport),
        },
      });
      if (response.status === 1 && response.data?.can_proceed === true) return ok(undefined);
      return err(failureFrom(response, 'signUp.phoneTaken'));
    } catch (error) {
      return err(failureFromError(error, 'signUp.phoneCheckFailed'));
    }
  }
}
