import { type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { webauthn } from './webauthn';
import {
  type PasskeyAuthenticationCredential,
  type PasskeyOptionsResponse,
} from '../../src/contract/passkeys';
import {
  CHALLENGE_TTL_MS,
  CHALLENGES_PURGED_PER_CALL,
  type ChallengePurpose,
  type ChallengeRecord,
  counterMovesForward,
  type PasskeyRecord,
  relyingPartyOf,
} from '../domain/passkey';
import { type Clock } from '../ports/clock.port';
import { type PasskeyStore } from '../ports/passkey-store.port';

/** Where the relying party's name and PUBLIC_URL come from (read per use). */
export interface RelyingPartyConfig {
  name(): string;
  publicUrl(): string;
}

/** Refused WebAuthn answers are logged (without any key or credential material). */
export type PasskeyLog = (message: string) => void;

/** The challenge a browser's clientDataJSON (base64url JSON) answers; undefined when unreadable. */
function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (typeof data !== 'object' || data === null || !('challenge' in data)) return undefined;
    const { challenge } = data;
    return typeof challenge === 'string' && challenge.length <= 512 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The WebAuthn steps the passkey use cases share: challenges kept for `CHALLENGE_TTL_MS` by the
 * clock and taken once, and signed answers verified against PUBLIC_URL's origin and RP ID with
 * user verification required. A refused answer is logged as the caller's `refused` says.
 */
export class PasskeyCeremony {
  constructor(
    private readonly passkeys: PasskeyStore,
    private readonly clock: Clock,
    private readonly relyingParty: RelyingPartyConfig,
    private readonly log: PasskeyLog,
  ) {}

  /** The relying party PUBLIC_URL stands for, read now. */
  relyingPartyNow(): { rpId: string; origin: string } {
    return relyingPartyOf(this.relyingParty.publicUrl());
  }

  /**
   * Options asking for a passkey's signature, with a new authentication challenge given to
   * `memberId` (null: a sign-in, given to no one) and, when listed, for `allowed` passkeys only.
   */
  async authenticationOptions(
    memberId: string | null,
    allowed?: readonly PasskeyRecord[],
  ): Promise<PasskeyOptionsResponse> {
    const { generateAuthenticationOptions } = await webauthn();
    const options = await generateAuthenticationOptions({
      rpID: this.relyingPartyNow().rpId,
      userVerification: 'required',
      timeout: CHALLENGE_TTL_MS,
      allowCredentials: allowed?.map((passkey) => ({
        id: passkey.credentialId,
        transports: passkey.transports,
      })),
    });
    await this.keepChallenge(options.challenge, 'authentication', memberId);
    return { options: { ...options } };
  }

  /**
   * Keeps a new challenge, single use (taken when answered). Expired challenges go as new ones
   * come, a bounded batch at a time.
   */
  async keepChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    memberId: string | null,
  ): Promise<void> {
    await this.passkeys.deleteExpiredChallenges(
      new Date(this.clock.now()),
      CHALLENGES_PURGED_PER_CALL,
    );
    await this.passkeys.saveChallenge({
      challenge,
      purpose,
      memberId,
      expiresAt: new Date(this.clock.now() + CHALLENGE_TTL_MS),
    });
  }

  /**
   * The stored challenge a browser's answer names, taken (single use) for `expected.purpose`,
   * when it was given to `expected.memberId` (null: to no one) and has not expired by
   * `expected.now`. Null, logged as `refused`, when it is unknown, used, expired or foreign.
   */
  async takeAnsweredChallenge(
    clientDataJSON: string,
    expected: { purpose: ChallengePurpose; memberId: string | null; now: Date },
    refused: string,
  ): Promise<ChallengeRecord | null> {
    const challenge = challengeOf(clientDataJSON);
    const taken =
      challenge === undefined
        ? null
        : await this.passkeys.takeChallenge(challenge, expected.purpose);
    if (taken === null || taken.memberId !== expected.memberId || taken.expiresAt <= expected.now) {
      this.log(`${refused}: unknown, used, expired or foreign challenge`);
      return null;
    }
    return taken;
  }

  /**
   * The challenge a sign-in answer names, taken as `takeAnsweredChallenge` takes it, and the
   * passkey that signed it, which must be the member's when the challenge was given to a member.
   * Null (logged as `refused` where the challenge does not hold) otherwise.
   */
  async answeredPasskey(
    credential: PasskeyAuthenticationCredential,
    expected: { memberId: string | null; now: Date },
    refused: string,
  ): Promise<{ challenge: string; passkey: PasskeyRecord } | null> {
    const { clientDataJSON } = credential.response;
    const purpose = 'authentication';
    const taken = await this.takeAnsweredChallenge(
      clientDataJSON,
      { ...expected, purpose },
      refused,
    );
    if (taken === null) return null;
    const passkey = await this.passkeys.findByCredentialId(credential.id);
    if (passkey === null) return null;
    if (expected.memberId !== null && passkey.memberId !== expected.memberId) return null;
    return { challenge: taken.challenge, passkey };
  }

  /**
   * Verifies a passkey's signed answer to `challenge` and records the use. False, logged as
   * `refused` and with nothing changed, when the signature does not hold or the counter does not
   * move forward; the counter is checked again in the store's conditional update, so two answers
   * racing cannot both move it.
   */
  async verifyAndRecordUse(
    passkey: PasskeyRecord,
    answer: { credential: PasskeyAuthenticationCredential; challenge: string; now: Date },
    refused: string,
  ): Promise<boolean> {
    const { credential } = answer;
    const { rpId, origin } = this.relyingPartyNow();
    const response: AuthenticationResponseJSON = {
      id: credential.id,
      rawId: credential.rawId,
      type: 'public-key',
      clientExtensionResults: {},
      response: { ...credential.response },
    };
    let newCounter: number;
    try {
      const { verifyAuthenticationResponse } = await webauthn();
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: answer.challenge,
        expectedOrigin: origin,
        expectedRPID: rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.signCount,
        },
        requireUserVerification: true,
      });
      if (!verification.verified) return false;
      newCounter = verification.authenticationInfo.newCounter;
    } catch (error) {
      this.log(`${refused} for passkey ${passkey.id}: ${(error as Error).message}`);
      return false;
    }
    if (
      !counterMovesForward(passkey.signCount, newCounter) ||
      !(await this.passkeys.recordUse(passkey.id, newCounter, answer.now))
    ) {
      this.log(`${refused} for passkey ${passkey.id}: signature counter went back`);
      return false;
    }
    return true;
  }
}
