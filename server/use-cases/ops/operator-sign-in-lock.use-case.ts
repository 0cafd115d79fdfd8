import { LOGIN_FAILURE_WINDOW_MS } from '../../domain/login-throttle-policy';
import { type Clock } from '../../ports/clock.port';
import { type UnitOfWork } from '../../ports/unit-of-work.port';
import { failWith, ok, type Result, type UseCaseError } from '../result';
import { type Actor, entryOf } from './actor';
import { operatorThrottleKey } from './operator-sign-in';
import { unconfirmedRefusal } from './operator-changes';
import { secondFactorThrottleKey } from './second-factor-lock';

/**
 * An admin lets a locked-out operator in again: both of the operator's sign-in throttles (wrong
 * passwords, wrong second factors) are forgotten, with a reason, audited with how many failures
 * were held. As members' throttles are cleared by support (member-support.use-case.ts). An admin
 * still awaiting a second admin's confirmation clears nothing, as they change no operator.
 */
export class OperatorSignInLockUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async clear(
    actor: Actor,
    operatorId: string,
    reason: string,
  ): Promise<Result<{ cleared: number }, UseCaseError>> {
    const now = new Date(this.clock.now());
    const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
    return this.uow.run(async (tx) => {
      const { operators, loginFailures, audit } = tx;
      const unconfirmed = await unconfirmedRefusal(tx, actor);
      if (unconfirmed) return unconfirmed;
      const operator = await operators.findById(operatorId);
      if (operator === null) return failWith('NOT_FOUND');
      let held = 0;
      for (const key of [
        operatorThrottleKey(operator.email),
        secondFactorThrottleKey(operator.email),
      ]) {
        held += (await loginFailures.failuresSince(key, since)).length;
        await loginFailures.clear(key);
      }
      await audit.append(
        entryOf(actor, now, {
          action: 'operator.clear_sign_in_lock',
          targetType: 'operator',
          targetId: operator.id,
          reason,
          changes: { failed_sign_ins: { before: held, after: 0 } },
        }),
      );
      return ok({ cleared: held });
    });
  }
}
