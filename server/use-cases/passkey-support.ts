import { type PasskeyDto } from '../../src/contract/passkeys';
import {
  CHALLENGE_TTL_MS,
  CHALLENGES_PURGED_PER_CALL,
  type ChallengeRecord,
  type PasskeyRecord,
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
export function challengeOf(clientDataJSON: string): string | undefined {
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
