import type { EnrolmentStartResponse } from '../../../../src/contract/ops-api';
import { err } from '../../../../src/contract/result';
import type { OpsHttpPort, OpsResult } from '../ports/ops-http.port';
import { newPasswordError, totpCodeError } from '../rules';

/** The enrolment link's token, from its fragment (`#token=...`), so it never reaches a server log. */
export function enrolmentTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token !== null && token.trim() !== '' ? token.trim() : null;
}

/** An operator's first visit: the authenticator secret, then a password and a first code. */
export class EnrolmentUseCase {
  constructor(private readonly http: OpsHttpPort) {}

  start(token: string): Promise<OpsResult<EnrolmentStartResponse>> {
    return this.http.call('enrolmentStart', { token });
  }

  async finish(
    token: string,
    password: string,
    confirmation: string,
    totpCode: string,
  ): Promise<OpsResult<null>> {
    if (newPasswordError(password, confirmation) !== null) {
      return err({ code: 'VALIDATION_FAILED', field: 'password' });
    }
    if (totpCodeError(totpCode) !== null) {
      return err({ code: 'VALIDATION_FAILED', field: 'totp_code' });
    }
    return this.http.call('enrolmentFinish', { token, password, totp_code: totpCode.trim() });
  }
}
