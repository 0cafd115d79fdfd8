import { ApiPaths } from '../../contract/api';
import { failureFrom, failureFromError, type Failure } from '../model/failure';
import type { HttpPort } from '../ports/http.port';
import { normalisePhone, type SmsPurpose } from '../../contract/rules';
import { err, ok, type Result } from '../result';

export interface SendSmsCodeInput {
  phoneNo: string;
  purpose: SmsPurpose;
}

export interface SmsCodeSent {
  expiresInSeconds: number;
}

/** The API's code lifetime (api-contract OTP_TTL_S), used if an answer omits expires_in. */
export const DEFAULT_CODE_TTL_SECONDS = 300;

export class SendSmsCodeUseCase {
  constructor(private readonly http: HttpPort) {}

  async execute(input: SendSmsCodeInput): Promise<Result<SmsCodeSent, Failure>> {
    const fallbackKey =
      input.purpose === 'registration' ? 'signUp.sendFailed' : 'forgotPassword.sendFailed';
    try {
      const response = await this.http.post<{ expires_in?: number }>(ApiPaths.sendSmsCode, {
        phone_no: normalisePhone(input.phoneNo),
        purpose: input.purpose,
      });
      if (response.status !== 1) return err(failureFrom(response, fallbackKey));
      const expiresIn = response.data?.expires_in;
      return ok({
        expiresInSeconds:
          typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : DEFAULT_CODE_TTL_SECONDS,
      });
    } catch (error) {
      console.error('Sending the SMS code failed', error);
      return err(failureFromError(error, fallbackKey));
    }
  }
}
