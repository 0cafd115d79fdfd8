import { type LoginResponse } from '../../src/contract/api';
import { normaliseIcOrPassport } from '../../src/contract/rules';
import { LOGIN_FAILURE_WINDOW_MS } from '../domain/login-throttle-policy';
import { type Clock } from '../ports/clock.port';
import { type LoginFailureStore } from '../ports/login-failure-store.port';
import { type MemberRepository } from '../ports/member-repository.port';
import { type PasswordHasher } from '../ports/password-hasher.port';
import { type Random } from '../ports/random.port';
import { type UnitOfWork } from '../ports/unit-of-work.port';
import { openSession } from './open-session';
import { failWith, ok, rateLimited, type Result, type UseCaseError } from './result';

export interface LoginInput {
  icOrPassport: string;
  password: string;
  /** The device the session is opened on ("Chrome on Android"), when the user agent tells. */
  deviceLabel?: string;
}

/** What a login answers: the member and the session token, handed out once. */
export type LoginOutput = LoginResponse;

/**
 * Unknown IC/passport and wrong password fail alike: same message, same status, and a dummy
 * hash for the unknown case so timing tells nothing. Failures are throttled per account key
 * (known or not), so guessing one member's password is capped regardless of address.
 *
 * The throttle holds under concurrency and across instances: every attempt first claims a slot
 * in the window (atomically, in the database) and is recorded as a failure before the password
 * is verified, so of 50 simultaneous guesses at most `maxFailures` are ever verified and the rest
 * are refused without one. A successful login forgets the account's failures and opens its
 * session in one transaction.
 */
export class LoginUseCase {
  constructor(
    private readonly members: MemberRepository,
    private readonly failures: LoginFailureStore,
    private readonly uow: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly random: Random,
    private readonly maxFailures: number,
  ) {}

  async execute(input: LoginInput): Promise<Result<LoginOutput, UseCaseError>> {
    const now = new Date(this.clock.now());
    const accountKey = normaliseIcOrPassport(input.icOrPassport);
    const claim = await this.failures.claimAttempt(
      { id: this.random.uuid(), accountKey, at: now },
      new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS),
      this.maxFailures,
    );
    if (!claim.claimed) {
      const { failures } = claim;
      return rateLimited('AUTH_TOO_MANY_ATTEMPTS', {
        since: failures[failures.length - this.maxFailures],
        windowMs: LOGIN_FAILURE_WINDOW_MS,
        now,
      });
    }

    // The claim already counts as a failure: a wrong password (or an unknown account) leaves it.
    const member = await this.members.findByIcOrPassport(accountKey);
    const valid = member
      ? await this.hasher.verify(member.passwordHash, input.password)
      : await this.hasher.verifyDummy(input.password).then(() => false);
    if (!member || !valid) return failWith('AUTH_INVALID_CREDENTIALS');

    const session = await openSession({ uow: this.uow, random: this.random }, member, {
      accountKey: accountKey,
      now,
      deviceLabel: input.deviceLabel,
    });
    // Deleted while the password was checked: as for an unknown account.
    return session === null ? failWith('AUTH_INVALID_CREDENTIALS') : ok(session);
  }
}
