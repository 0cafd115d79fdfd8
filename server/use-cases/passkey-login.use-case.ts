import { type LoginResponse } from '../../src/contract/api';
import {
  type PasskeyAuthenticationCredential,
  type PasskeyOptionsResponse,
} from '../../src/contract/passkeys';
import { LOGIN_FAILURE_WINDOW_MS } from '../domain/login-throttle-policy';
import { type Clock } from '../ports/clock.port';
import { type LoginFailureStore } from '../ports/login-failure-store.port';
import { type MemberRepository } from '../ports/member-repository.port';
import { type PasskeyStore } from '../ports/passkey-store.port';
import { type Random } from '../ports/random.port';
import { type UnitOfWork } from '../ports/unit-of-work.port';
import { openSession } from './open-session';
import { PasskeyCeremony, type PasskeyLog, type RelyingPartyConfig } from './passkey-support';
import { failWith, ok, rateLimited, type Result, type UseCaseError } from './result';

const REFUSED = 'passkey sign-in refused';

/**
 * Signing in with a passkey: options carry a single-use challenge (5 minutes by the clock) for a
 * discoverable credential; the answer is verified against it, PUBLIC_URL's origin and RP ID, with
 * user verification required and a signature counter that must move forward. It opens the same
 * session as a password login and counts against the same per-account throttle.
 */
export class PasskeyLoginUseCase {
  private readonly ceremony: PasskeyCeremony;

  constructor(
    private readonly members: MemberRepository,
    passkeys: PasskeyStore,
    private readonly failures: LoginFailureStore,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly random: Random,
    private readonly maxFailures: number,
    relyingParty: RelyingPartyConfig,
    log: PasskeyLog,
  ) {
    this.ceremony = new PasskeyCeremony(passkeys, clock, relyingParty, log);
  }

  /** Options for a discoverable credential, with a challenge given to no one. */
  async options(): Promise<Result<PasskeyOptionsResponse, UseCaseError>> {
    return ok(await this.ceremony.authenticationOptions(null));
  }

  async login(input: {
    credential: PasskeyAuthenticationCredential;
    deviceLabel?: string;
  }): Promise<Result<LoginResponse, UseCaseError>> {
    const now = new Date(this.clock.now());
    const { credential } = input;
    // A challenge given to a signed-in member (to confirm a step) never signs anyone in.
    const answered = await this.ceremony.answeredPasskey(
      credential,
      { memberId: null, now },
      REFUSED,
    );
    if (answered === null) return failWith('PASSKEY_REJECTED');
    const { passkey, challenge } = answered;
    const member = await this.members.findById(passkey.memberId);
    if (member === null) return failWith('PASSKEY_REJECTED');

    const claim = await this.failures.claimAttempt(
      { id: this.random.uuid(), accountKey: member.icOrPassport, at: now },
      new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS),
      this.maxFailures,
    );
    if (!claim.claimed) {
      const oldest = claim.failures[claim.failures.length - this.maxFailures];
      return rateLimited('AUTH_TOO_MANY_ATTEMPTS', {
        since: oldest,
        windowMs: LOGIN_FAILURE_WINDOW_MS,
        now,
      });
    }

    if (
      !(await this.ceremony.verifyAndRecordUse(passkey, { credential, challenge, now }, REFUSED))
    ) {
      return failWith('PASSKEY_REJECTED');
    }

    const session = await openSession({ uow: this.uow, random: this.random }, member, {
      accountKey: member.icOrPassport,
      now,
      deviceLabel: input.deviceLabel,
    });
    return session === null ? failWith('PASSKEY_REJECTED') : ok(session);
  }
}
