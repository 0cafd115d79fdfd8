import { LOGIN_FAILURE_WINDOW_MS } from '../../domain/login-throttle-policy';
import { type Operator } from '../../domain/ops/operator';
import { type LoginFailureStore } from '../../ports/login-failure-store.port';
import { type TransactionalStores } from '../../ports/unit-of-work.port';
import { rateLimited, type Result, type UseCaseError } from '../result';
import { entryOf } from './actor';

/**
 * An operator's second-factor throttle: wrong codes after the right password, and wrong step-up
 * codes. Apart from the password throttle (operatorThrottleKey), so that whoever knows an
 * operator's password and locks their authenticator-app codes does not lock their passkey: the
 * operator's own passkey sign-in (which clears this lock) or an admin lets them in again.
 */
export const secondFactorThrottleKey = (email: string) => `operator-second-factor:${email}`;

/** Called once each time an operator's second factor becomes locked (metric and warning). */
export type SecondFactorLockAlert = () => void;

const windowStart = (now: Date) => new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);

function refusal(failures: Date[], now: Date, maxFailures: number) {
  return rateLimited('AUTH_TOO_MANY_ATTEMPTS', {
    since: failures[failures.length - maxFailures],
    windowMs: LOGIN_FAILURE_WINDOW_MS,
    now,
  });
}

/** The refusal while the operator's second factor is locked, before any password is checked. */
export async function secondFactorLocked(
  failures: LoginFailureStore,
  check: { email: string; now: Date; maxFailures: number },
): Promise<{ ok: false; error: UseCaseError } | null> {
  const { email, now, maxFailures } = check;
  const held = await failures.failuresSince(secondFactorThrottleKey(email), windowStart(now));
  return held.length >= maxFailures ? refusal(held, now, maxFailures) : null;
}

/** A second-factor slot (a failure until the code is accepted), or the refusal when locked. */
export async function claimSecondFactor(
  failures: LoginFailureStore,
  attempt: { id: string; email: string; now: Date; maxFailures: number },
): Promise<Result<null, UseCaseError>> {
  const { now, maxFailures } = attempt;
  const claim = await failures.claimAttempt(
    { id: attempt.id, accountKey: secondFactorThrottleKey(attempt.email), at: now },
    windowStart(now),
    maxFailures,
  );
  return claim.claimed ? { ok: true, value: null } : refusal(claim.failures, now, maxFailures);
}

/**
 * After a wrong second factor: whether it was the one that locked the operator (the window now
 * full); if so, audited as `operator.second_factor_locked` (the alert is the caller's, after the
 * transaction).
 */
export async function lockedByThisFailure(
  tx: Pick<TransactionalStores, 'loginFailures' | 'audit'>,
  operator: Operator,
  context: { now: Date; address: string; maxFailures: number },
): Promise<boolean> {
  const { now, address, maxFailures } = context;
  const held = await tx.loginFailures.failuresSince(
    secondFactorThrottleKey(operator.email),
    windowStart(now),
  );
  if (held.length !== maxFailures) return false;
  await tx.audit.append(
    entryOf({ kind: 'operator', ...operator, address }, now, {
      action: 'operator.second_factor_locked',
      targetType: 'operator',
      targetId: operator.id,
    }),
  );
  return true;
}
