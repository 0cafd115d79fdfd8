import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import {
  type PasskeyAuthenticationCredential,
  type PasskeyOptionsResponse,
} from '../../src/contract/passkeys';
import {
  CHALLENGE_TTL_MS,
  CHALLENGES_PURGED_PER_CALL,
  counterMovesForward,
  relyingPartyOf,
} from '../domain/passkey';
import { type Clock } from '../ports/clock.port';
import { type PasskeyStore } from '../ports/passkey-store.port';
import { challengeOf, type PasskeyLog, type RelyingPartyConfig } from './passkey-support';
import { failWith, ok, type Result, type UseCaseError } from './result';

/**
 * A signed-in member's passkey asked before a sensitive step (deleting the account), instead of
 * the password: a single-use challenge given to that member only (5 minutes by the clock), for
 * one of their own passkeys, with user verification required and a counter that moves forward.
 * A challenge given for this never signs anyone in (PasskeyLoginUseCase refuses one that names a
 * member), and a sign-in challenge never confirms this.
 */
export class PasskeyConfirmation {
  constructor(
    private readonly passkeys: PasskeyStore,
    private readonly clock: Clock,
    private readonly relyingParty: RelyingPartyConfig,
    private readonly log: PasskeyLog,
  ) {}

  /** Request options for the member's own passkeys; PASSKEY_NOT_FOUND when they hold none. */
  async options(memberId: string): Promise<Result<PasskeyOptionsResponse, UseCaseError>> {
    const own = await this.passkeys.listForMember(memberId);
    if (own.length === 0) return failWith('PASSKEY_NOT_FOUND');
    const { rpId } = relyingPartyOf(this.relyingParty.publicUrl());
    const options = await generateAuthenticationOptions({
      rpID: rpId,
      userVerification: 'required',
      timeout: CHALLENGE_TTL_MS,
      allowCredentials: own.map((passkey) => ({
        id: passkey.credentialId,
        transports: passkey.transports,
      })),
    });
    const now = this.clock.now();
    await this.passkeys.deleteExpiredChallenges(new Date(now), CHALLENGES_PURGED_PER_CALL);
    await this.passkeys.saveChallenge({
      challenge: options.challenge,
      purpose: 'authentication',
      memberId,
      expiresAt: new Date(now + CHALLENGE_TTL_MS),
    });
    return ok({ options: { ...options } });
  }

  /** Verifies the answer; PASSKEY_REJECTED (nothing changed) when it does not hold. */
  async confirm(
    memberId: string,
    credential: PasskeyAuthenticationCredential,
  ): Promise<Result<null, UseCaseError>> {
    const now = new Date(this.clock.now());
    const challenge = challengeOf(credential.response.clientDataJSON);
    const taken =
      challenge === undefined
        ? null
        : await this.passkeys.takeChallenge(challenge, 'authentication');
    if (taken === null || taken.memberId !== memberId || taken.expiresAt <= now) {
      this.log('passkey confirmation refused: unknown, used, expired or foreign challenge');
      return failWith('PASSKEY_REJECTED');
    }
    const passkey = await this.passkeys.findByCredentialId(credential.id);
    if (passkey === null || passkey.memberId !== memberId) return failWith('PASSKEY_REJECTED');
    const { rpId, origin } = relyingPartyOf(this.relyingParty.publicUrl());
    const response: AuthenticationResponseJSON = {
      id: credential.id,
      rawId: credential.rawId,
      type: 'public-key',
      clientExtensionResults: {},
      response: { ...credential.response },
    };
    let newCounter: number;
    try {
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: taken.challenge,
        expectedOrigin: origin,
        expectedRPID: rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.signCount,
        },
        requireUserVerification: true,
      });
      if (!verification.verified) return failWith('PASSKEY_REJECTED');
      newCounter = verification.authenticationInfo.newCounter;
    } catch (error) {
      this.log(
        `passkey confirmation refused for passkey ${passkey.id}: ${(error as Error).message}`,
      );
      return failWith('PASSKEY_REJECTED');
    }
    if (
      !counterMovesForward(passkey.signCount, newCounter) ||
      !(await this.passkeys.recordUse(passkey.id, newCounter, now))
    ) {
      this.log(
        `passkey confirmation refused for passkey ${passkey.id}: signature counter went back`,
      );
      return failWith('PASSKEY_REJECTED');
    }
    return ok(null);
  }
}
