import { generateAuthenticationOptions } from '@simplewebauthn/server';
import {
  type PasskeyAuthenticationCredential,
  type PasskeyOptionsResponse,
} from '../../src/contract/passkeys';
import { CHALLENGE_TTL_MS, relyingPartyOf } from '../domain/passkey';
import { type Clock } from '../ports/clock.port';
import { type PasskeyStore } from '../ports/passkey-store.port';
import {
  type PasskeyLog,
  type RelyingPartyConfig,
  keepChallenge,
  takeAnsweredChallenge,
  verifyAndRecordUse,
} from './passkey-support';
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
    await keepChallenge(this.passkeys, this.clock, {
      challenge: options.challenge,
      purpose: 'authentication',
      memberId,
    });
    return ok({ options: { ...options } });
  }

  /** Verifies the answer; PASSKEY_REJECTED (nothing changed) when it does not hold. */
  async confirm(
    memberId: string,
    credential: PasskeyAuthenticationCredential,
  ): Promise<Result<null, UseCaseError>> {
    const now = new Date(this.clock.now());
    const taken = await takeAnsweredChallenge(
      this.passkeys,
      credential.response.clientDataJSON,
      'authentication',
    );
    if (taken === null || taken.memberId !== memberId || taken.expiresAt <= now) {
      this.log('passkey confirmation refused: unknown, used, expired or foreign challenge');
      return failWith('PASSKEY_REJECTED');
    }
    const passkey = await this.passkeys.findByCredentialId(credential.id);
    if (passkey === null || passkey.memberId !== memberId) return failWith('PASSKEY_REJECTED');
    const verified = await verifyAndRecordUse(
      { passkeys: this.passkeys, relyingParty: this.relyingParty, log: this.log },
      passkey,
      { credential: credential, challenge: taken.challenge, now },
      'passkey confirmation refused',
    );
    if (!verified) return failWith('PASSKEY_REJECTED');
    return ok(null);
  }
}
