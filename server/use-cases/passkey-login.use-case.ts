import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { type LoginResponse } from '../../src/contract/api';
import {
  type PasskeyAuthenticationCredential,
  type PasskeyOptionsResponse,
} from '../../src/contract/passkeys';
import { LOGIN_FAILURE_WINDOW_MS } from '../domain/login-throttle-policy';
import { CHALLENGE_TTL_MS, relyingPartyOf } from '../domain/passkey';
import { type Clock } from '../ports/clock.port';
import { type LoginFailureStore } from '../ports/login-failure-store.port';
import { type MemberRepository } from '../ports/member-repository.port';
import { type PasskeyStore } from '../ports/passkey-store.port';
import { type Random } from '../ports/random.port';
import { type UnitOfWork } from '../ports/unit-of-work.port';
import { openSession } from './open-session';
import {
  type PasskeyLog,
  type RelyingPartyConfig,
  keepChallenge,
  takeAnsweredChallenge,
  verifyAndRecordUse,
} from './passkey-support';
import { failWith, ok, rateLimited, type Result, type UseCaseError } from './result';

/**
 * Signing in with a passkey: options carry a single-use challenge (5 minutes by the clock) for a
 * discoverable credential; the answer is verified against it, PUBLIC_URL's origin and RP ID, with
 * user verification required and a signature counter that must move forward. It opens the same
 * session as a password login and counts against the same per-account throttle.
 */
export class PasskeyLoginUseCase {
  constructor(
    private readonly members: MemberRepository,
    private readonly passkeys: PasskeyStore,
    private readonly failures: LoginFailureStore,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly random: Random,
    private readonly maxFailures: number,
    private readonly relyingParty: RelyingPartyConfig,
    private readonly log: PasskeyLog,
  ) {}

  async options(): Promise<Result<PasskeyOptionsResponse, UseCaseError>> {
    const { rpId } = relyingPartyOf(this.relyingParty.publicUrl());
    const options = await generateAuthenticationOptions({
      rpID: rpId,
      userVerification: 'required',
      timeout: CHALLENGE_TTL_MS,
    });
    await keepChallenge(this.passkeys, this.clock, {
      challenge: options.challenge,
      purpose: 'authentication',
      memberId: null,
    });
    return ok({ options: { ...options } });
  }

  async login(input: {
    credential: PasskeyAuthenticationCredential;
    deviceLabel?: string;
  }): Promise<Result<LoginResponse, UseCaseError>> {
    const now = new Date(this.clock.now());
    const taken = await takeAnsweredChallenge(
      this.passkeys,
      input.credential.response.clientDataJSON,
      'authentication',
    );
    // A challenge given to a signed-in member (to confirm a step) never signs anyone in.
    if (taken === null || taken.memberId !== null || taken.expiresAt <= now) {
      this.log('passkey sign-in refused: unknown, used or expired challenge');
      return failWith('PASSKEY_REJECTED');
    }
    const passkey = await this.passkeys.findByCredentialId(input.credential.id);
    const member = passkey === null ? null : await this.members.findById(passkey.memberId);
    if (passkey === null || member === null) return failWith('PASSKEY_REJECTED');

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

    const verified = await verifyAndRecordUse(
      { passkeys: this.passkeys, relyingParty: this.relyingParty, log: this.log },
      passkey,
      { credential: input.credential, challenge: taken.challenge, now },
      'passkey sign-in refused',
    );
    if (!verified) return failWith('PASSKEY_REJECTED');

    return ok(
      await openSession({ uow: this.uow, random: this.random }, member, {
        accountKey: member.icOrPassport,
        now,
        deviceLabel: input.deviceLabel,
      }),
    );
  }
}
