import { failureFrom, type Failure } from '../model/failure';
import type { HttpPort } from '../ports/http.port';
import { normalisePhone, type SmsPurpose } from '../../contract/rules';
import { err, ok, type Result } from '../../contract/result';
import { languageOfTag } from '../../contract/languages';

export interface SendSmsCodeInput {
  phoneNo: string;
  purpose: SmsPurpose;
}

export interface SmsCodeSent {
  expiresInSeconds: number;
}

/** The API's code lifetime in seconds, used if an answer has no usable expires_in. */
export const DEFAULT_CODE_TTL_SECONDS = 300;

export class SendSmsCodeUseCase {
  /**
   * `language` tells the page's language when the code is sent, so the SMS is written in it;
   * without it (or for a language the portal does not speak) the server writes English.
   */
  constructor(
    private readonly http: HttpPort,
    private readonly language: () => string | undefined = () => undefined,
  ) {}

  async execute(input: SendSmsCodeInput): Promise<Result<SmsCodeSent, Failure>> {
    const fallbackKey =
      input.purpose === 'registration' ? 'signUp.sendFailed' : 'forgotPassword.sendFailed';
    const language = languageOfTag(this.language() ?? '');
    const answer = await this.http.call('sendSmsCode', {
      phone_no: normalisePhone(input.phoneNo),
      purpose: input.purpose,
      ...(language === null ? {} : { language }),
    });
    if (!answer.ok) return err(failureFrom(answer.error, fallbackKey));
    const expiresIn: unknown = answer.value?.expires_in;
    return ok({
      expiresInSeconds:
        typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : DEFAULT_CODE_TTL_SECONDS,
    });
  }
}
