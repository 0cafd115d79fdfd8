import {
  type AuthenticationResponseJSON,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { type PasskeyAuthenticationCredential, type PasskeyDto } from '../../src/contract/passkeys';
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

export function toPasskeyDto(passkey: PasskeyRecord): PasskeyDto {
  return {
    passkey_id: passkey.id,
    name: passkey.name,
    created_at: passkey.createdAt.toISOString(),
    last_used_at: passkey.lastUsedAt === null ? null : passkey.lastUsedAt.toISOString(),
  };
}

/**
 * Keeps a new challenge for `CHALLENGE_TTL_MS` by the clock, single use (taken when answered).
 * Expired challenges go as new ones come, a bounded batch at a time.
 */
export async function keepChallenge(
  passkeys: PasskeyStore,
  clock: Clock,
  challenge: Pick<ChallengeRecord, 'challenge' | 'purpose' | 'memberId'>,
): Promise<void> {
  await passkeys.deleteExpiredChallenges(new Date(clock.now()), CHALLENGES_PURGED_PER_CALL);
  await passkeys.saveChallenge({
    ...challenge,
    expiresAt: new Date(clock.now() + CHALLENGE_TTL_MS),
  });
}

/**
 * The stored challenge a browser's answer names, taken (single use) for `purpose`; null when the
 * answer names none that is stored. The caller checks whose it is and whether it expired.
 */
export async function takeAnsweredChallenge(
  passkeys: PasskeyStore,
  clientDataJSON: string,
  purpose: ChallengePurpose,
): Promise<ChallengeRecord | null> {
  const challenge = challengeOf(clientDataJSON);
  return challenge === undefined ? null : passkeys.takeChallenge(challenge, purpose);
}

/**
 * Verifies a passkey's signed answer to `challenge` (user verification required, relying party
 * from PUBLIC_URL) and records the use. False, logged as `refused` and with nothing changed, when
 * the signature does not hold or the counter does not move forward; the counter is checked again
 * in the store's conditional update, so two answers racing cannot both move it.
 */
export async function verifyAndRecordUse(
  deps: { passkeys: PasskeyStore; relyingParty: RelyingPartyConfig; log: PasskeyLog },
  passkey: PasskeyRecord,
  answer: { credential: PasskeyAuthenticationCredential; challenge: string; now: Date },
  refused: string,
): Promise<boolean> {
  const { credential } = answer;
  const { rpId, origin } = relyingPartyOf(deps.relyingParty.publicUrl());
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
    deps.log(`${refused} for passkey ${passkey.id}: ${(error as Error).message}`);
    return false;
  }
  if (
    !counterMovesForward(passkey.signCount, newCounter) ||
    !(await deps.passkeys.recordUse(passkey.id, newCounter, answer.now))
  ) {
    deps.log(`${refused} for passkey ${passkey.id}: signature counter went back`);
    return false;
  }
  return true;
}
