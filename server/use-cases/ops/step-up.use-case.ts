import {
  type PasskeyAuthenticationCredential,
  type PasskeyOptionsResponse,
} from '../../../src/contract/passkeys';
import { stepUpUntil } from '../../domain/ops/refund';
import { type Clock } from '../../ports/clock.port';
import { type LoginFailureStore } from '../../ports/login-failure-store.port';
import { type PasskeyStore } from '../../ports/passkey-store.port';
import { type Random } from '../../ports/random.port';
import { type Totp } from '../../ports/totp.port';
import { type TransactionalStores, type UnitOfWork } from '../../ports/unit-of-work.port';
import { PasskeyConfirmation } from '../confirm-passkey';
import { type PasskeyLog, type RelyingPartyConfig } from '../passkey-support';
import { failWith, ok, type Result, type UseCaseError } from '../result';
import { entryOf } from './actor';
import { type OperatorSignedIn } from './operator-auth.use-case';
import { operatorThrottleKey } from './operator-sign-in';
import {
  claimSecondFactor,
  lockedByThisFailure,
  type SecondFactorLockAlert,
  secondFactorThrottleKey,
} from './second-factor-lock';

/** Until when refund steps need no second factor again. */
export interface SteppedUp {
  stepUpUntil: Date;
}

type Answer = Promise<Result<SteppedUp, UseCaseError>>;

/**
 * The second factor again, for a signed-in operator whose actions ask for it (refunds): a TOTP
 * code (each time step once, as at sign-in, and throttled as sign-ins are) or a passkey's answer
 * to a challenge given to that operator. Success moves the session's second-factor time to now;
 * both outcomes are audited.
 */
export class StepUpUseCase {
  private readonly passkey: PasskeyConfirmation;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly failures: LoginFailureStore,
    private readonly totp: Totp,
    passkeys: PasskeyStore,
    private readonly clock: Clock,
    private readonly random: Random,
    relyingParty: RelyingPartyConfig,
    log: PasskeyLog,
    private readonly maxFailures: number,
    private readonly onSecondFactorLock: SecondFactorLockAlert = () => undefined,
  ) {
    this.passkey = new PasskeyConfirmation(passkeys, clock, relyingParty, log);
  }

  async withTotp(signedIn: OperatorSignedIn, code: string, address: string): Answer {
    const now = new Date(this.clock.now());
    const { operator } = signedIn;
    const claimed = await claimSecondFactor(this.failures, {
      id: this.random.uuid(),
      email: operator.email,
      now,
      maxFailures: this.maxFailures,
    });
    if (!claimed.ok) return claimed;
    let lockedNow = false;
    const answer = await this.uow.run(async (tx) => {
      const current = await tx.operators.findById(operator.id);
      const secret = current?.totpSecret ?? null;
      const step = secret === null ? null : this.totp.stepOf(secret, code, now.getTime());
      const accepted = step !== null && (await tx.operators.acceptTotpStep(operator.id, step));
      if (!accepted) {
        await this.audit(tx, signedIn, { address, now, done: false });
        const context = { now, address, maxFailures: this.maxFailures };
        lockedNow = await lockedByThisFailure(tx, operator, context);
        return failWith('VALIDATION_FAILED', { field: 'totp_code', reason: 'totp-code-wrong' });
      }
      await tx.loginFailures.clear(operatorThrottleKey(operator.email));
      await tx.loginFailures.clear(secondFactorThrottleKey(operator.email));
      return ok(await this.steppedUp(tx, signedIn, { address, now, done: true }));
    });
    if (lockedNow) this.onSecondFactorLock();
    return answer;
  }

  /** A challenge for the operator's own passkeys. */
  async passkeyOptions(
    signedIn: OperatorSignedIn,
  ): Promise<Result<PasskeyOptionsResponse, UseCaseError>> {
    const options = await this.passkey.options(signedIn.operator.id);
    if (options.ok) return options;
    return failWith('PASSKEY_NOT_FOUND', { reason: 'no-passkey-for-step-up' });
  }

  async withPasskey(
    signedIn: OperatorSignedIn,
    credential: PasskeyAuthenticationCredential,
    address: string,
  ): Answer {
    const confirmed = await this.passkey.confirm(signedIn.operator.id, credential);
    const now = new Date(this.clock.now());
    return this.uow.run(async (tx) => {
      if (!confirmed.ok) {
        await this.audit(tx, signedIn, { address, now, done: false });
        return confirmed;
      }
      return ok(await this.steppedUp(tx, signedIn, { address, now, done: true }));
    });
  }

  private async steppedUp(
    tx: TransactionalStores,
    signedIn: OperatorSignedIn,
    step: { address: string; now: Date; done: true },
  ): Promise<SteppedUp> {
    await tx.operators.stepUpSession(signedIn.session.id, step.now);
    await this.audit(tx, signedIn, step);
    return { stepUpUntil: stepUpUntil(step.now) };
  }

  private async audit(
    tx: TransactionalStores,
    signedIn: OperatorSignedIn,
    step: { address: string; now: Date; done: boolean },
  ): Promise<void> {
    const { operator } = signedIn;
    await tx.audit.append(
      entryOf({ kind: 'operator', ...operator, address: step.address }, step.now, {
        action: step.done ? 'operator.step_up' : 'operator.step_up_failed',
        targetType: 'operator',
        targetId: operator.id,
      }),
    );
  }
}
