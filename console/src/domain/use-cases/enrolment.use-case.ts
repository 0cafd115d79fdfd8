import { err, type Result } from '../../../../src/contract/result';
import type { Clock } from '../ports/clock.port';
import type { OpsFailure, OpsHttpPort, OpsResult } from '../ports/ops-http.port';
import type { PasskeyPort, PasskeyRefusal } from '../ports/passkey.port';
import { newPasswordError, totpCodeError } from '../rules';
import { toEnrolmentInvitation, type EnrolmentInvitation } from '../model/enrolment';

/** The enrolment link's token, from its fragment (`#token=...`), so it never reaches a server log. */
export function enrolmentTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token !== null && token.trim() !== '' ? token.trim() : null;
}

/**
 * An operator's first visit: a password and a second factor, either an authenticator app (its
 * secret, then its first code) or a passkey created in the browser.
 */
/**
 * How long the code an enrolment finished with stays spent: the API accepts each code once, and
 * one step (30 s) of drift either side, so the app's code may still show it for up to 90 s.
 */
export const SPENT_CODE_MS = 90_000;

export class EnrolmentUseCase {
  /** The app's code this browser's enrolment just finished with, and when. */
  private spent: { code: string; at: number } | null = null;

  constructor(
    private readonly http: OpsHttpPort,
    private readonly passkeys: PasskeyPort,
    private readonly clock: Clock,
  ) {}

  /**
   * Whether a sign-in's code is the one the enrolment just used: the API would refuse it as
   * spent, so the operator is asked to wait for the app's next code instead.
   */
  spentByEnrolment(totpCode: string): boolean {
    const spent = this.spent;
    return (
      spent !== null &&
      spent.code === totpCode.trim() &&
      this.clock.now() - spent.at < SPENT_CODE_MS
    );
  }

  /** Whether to offer a passkey: a browser with WebAuthn, on a page opened at a name. */
  passkeyAvailable(): boolean {
    return this.passkeys.isAvailable();
  }

  async start(token: string): Promise<OpsResult<EnrolmentInvitation>> {
    const answer = await this.http.call('enrolmentStart', { token });
    return answer.ok ? { ok: true, value: toEnrolmentInvitation(answer.value) } : answer;
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
    const code = totpCode.trim();
    const answer = await this.http.call('enrolmentFinish', { token, password, totp_code: code });
    if (answer.ok) this.spent = { code, at: this.clock.now() };
    return answer;
  }

  /** The password, then the API's creation options, the browser's passkey, and the finish. */
  async finishWithPasskey(
    token: string,
    password: string,
    confirmation: string,
  ): Promise<Result<null, OpsFailure | PasskeyRefusal>> {
    if (newPasswordError(password, confirmation) !== null) {
      return err({ code: 'VALIDATION_FAILED', field: 'password' });
    }
    const options = await this.http.call('enrolmentPasskeyOptions', { token });
    if (!options.ok) return options;
    const credential = await this.passkeys.create(options.value.options);
    if (!credential.ok) return err({ code: 'PASSKEY_CEREMONY', reason: credential.error });
    return this.http.call('enrolmentFinishPasskey', {
      token,
      password,
      credential: credential.value,
    });
  }
}
