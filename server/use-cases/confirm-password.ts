import { LOGIN_FAILURE_WINDOW_MS } from '../domain/login-throttle-policy';
import { type Member } from '../domain/member';
import { type Clock } from '../ports/clock.port';
import { type LoginFailureStore } from '../ports/login-failure-store.port';
import { type PasswordHasher } from '../ports/password-hasher.port';
import { type Random } from '../ports/random.port';
import { failWith, ok, rateLimited, type Result, type UseCaseError } from './result';

/**
 * A signed-in member's password asked again before a sensitive step (deleting the account,
 * adding a passkey). Tries count against the same per-account throttle as logins (a slot is
 * claimed before verifying, and a wrong password leaves it), so a stolen session cannot guess the
 * password here faster than at the login form. A right one forgets the account's failures.
 */
export class PasswordConfirmation {
  constructor(
    private readonly failures: LoginFailureStore,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly random: Random,
    private readonly maxFailures: number,
  ) {}

  async confirm(member: Member, password: string): Promise<Result<null, UseCaseError>> {
    const now = new Date(this.clock.now());
    const claim = await this.failures.claimAttempt(
      { id: this.random.uuid(), accountKey: member.icOrPassport, at: now },
      new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS),
      this.maxFailures,
    );
    if (!claim.claimed) {
      const { failures } = claim;
      const oldest = failures[failures.length - this.maxFailures];
      return rateLimited('AUTH_TOO_MANY_ATTEMPTS', {
        since: oldest,
        windowMs: LOGIN_FAILURE_WINDOW_MS,
        now,
      });
    }
    if (!(await this.hasher.verify(member.passwordHash, password))) {
      return failWith('PASSWORD_CONFIRMATION_WRONG');
    }
    await this.failures.clear(member.icOrPassport);
    return ok(null);
  }
}
