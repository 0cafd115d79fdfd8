import type { ErrorCode } from '../../../../src/contract/errors';
import type { StepUpResponse } from '../../../../src/contract/ops-payments-api';
import { err, type Result } from '../../../../src/contract/result';
import type { OpsFailure, OpsHttpPort, OpsResult } from '../ports/ops-http.port';
import type { PasskeyPort, PasskeyRefusal } from '../ports/passkey.port';

/** The code an action answers when it wants the second factor again first. */
export const STEP_UP_CODE = 'OPS_STEP_UP_REQUIRED' satisfies ErrorCode;

/** Whether a refused action asks for the second factor again (then it may be redone). */
export const needsStepUp = (failure: OpsFailure): boolean => failure.code === STEP_UP_CODE;

/**
 * The second factor again, for the actions that ask for it (refunds): the authenticator app's
 * code, or a passkey through the same browser prompt as sign-in. The server then lets those
 * actions through without asking for a while.
 */
export class StepUpUseCase {
  constructor(
    private readonly http: OpsHttpPort,
    private readonly passkeys: PasskeyPort,
  ) {}

  /** Whether a passkey can be offered here (WebAuthn, a page opened at a name). */
  passkeyAvailable(): boolean {
    return this.passkeys.isAvailable();
  }

  withCode(code: string): Promise<OpsResult<StepUpResponse>> {
    return this.http.call('stepUp', { totp_code: code.trim() });
  }

  async withPasskey(): Promise<Result<StepUpResponse, OpsFailure | PasskeyRefusal>> {
    const options = await this.http.call('stepUpPasskeyOptions', {});
    if (!options.ok) return options;
    const credential = await this.passkeys.get(options.value.options);
    if (!credential.ok) return err({ code: 'PASSKEY_CEREMONY', reason: credential.error });
    return this.http.call('stepUp', { credential: credential.value });
  }
}
