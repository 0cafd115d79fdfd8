import { PASSKEY_NAME_MAX_LENGTH, passkeyNameLength } from '../../src/contract/passkeys';

/** A member's passkey (a WebAuthn credential) as stored: its public part only. */
export interface PasskeyRecord {
  id: string;
  memberId: string;
  /** base64url */
  credentialId: string;
  /** COSE public key, base64url */
  publicKey: string;
  signCount: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export type ChallengePurpose = 'registration' | 'authentication';

export interface ChallengeRecord {
  challenge: string;
  purpose: ChallengePurpose;
  /** The member a registration challenge was given to; null for a sign-in challenge. */
  memberId: string | null;
  expiresAt: Date;
}

/** A challenge answers for 5 minutes, by the clock port, and once. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** How many expired challenges one new challenge clears away at most. */
export const CHALLENGES_PURGED_PER_CALL = 50;

/**
 * A passkey's name as kept: trimmed, at most 64 code points (the API's schema refuses a longer
 * one; this cut, by code point, never splits a character in two); a default when left empty.
 */
export function passkeyName(name: string | undefined): string {
  const trimmed = name?.trim() ?? '';
  if (trimmed === '') return 'Passkey';
  if (passkeyNameLength(trimmed) <= PASSKEY_NAME_MAX_LENGTH) return trimmed;
  return Array.from(trimmed).slice(0, PASSKEY_NAME_MAX_LENGTH).join('');
}

/**
 * A signature counter must move forward. Authenticators that keep none send 0 every time (then
 * 0 stays 0); any other value not above the stored one suggests a cloned authenticator.
 */
export function counterMovesForward(stored: number, received: number): boolean {
  return (stored === 0 && received === 0) || received > stored;
}

/** The relying party a PUBLIC_URL stands for: its host name is the RP ID, its origin the origin. */
export function relyingPartyOf(publicUrl: string): { rpId: string; origin: string } {
  const url = new URL(publicUrl);
  return { rpId: url.hostname, origin: url.origin };
}
